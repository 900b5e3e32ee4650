// The queue's filters as a form; applied filters live in the address (so Back and links keep them).
import type { StaffMember } from '@gridfront/contracts/staff';
import { STAFF_ITEM_KINDS, STAFF_STATUSES } from '@gridfront/contracts/staff-constants';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import styles from './staff.module.css';
import { STAFF_NAMESPACE } from './texts.ts';

export const FILTER_KEYS = ['kind', 'status', 'assignee', 'requestType', 'q', 'from', 'to'] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];
export type QueueFilterValues = Record<FilterKey, string>;

export const REQUEST_TYPES = ['start', 'stop', 'transfer', 'plan_switch'] as const;

export const EMPTY_FILTERS: QueueFilterValues = {
  kind: '',
  status: 'open',
  assignee: '',
  requestType: '',
  q: '',
  from: '',
  to: '',
};

export function filtersOf(params: URLSearchParams): QueueFilterValues {
  const values = { ...EMPTY_FILTERS };
  for (const key of FILTER_KEYS) {
    const value = params.get(key);
    if (value !== null) values[key] = value;
  }
  return values;
}

export function QueueFilters({
  applied,
  members,
  onApply,
}: {
  applied: QueueFilterValues;
  /** The utility's staff, to filter by one of them. */
  members: readonly StaffMember[];
  onApply: (values: QueueFilterValues) => void;
}) {
  const { t } = useTranslation(STAFF_NAMESPACE);
  const id = useId();
  const [draft, setDraft] = useState(applied);
  const set = (key: FilterKey) => (event: { target: { value: string } }) =>
    setDraft((current) => ({ ...current, [key]: event.target.value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(draft);
  };
  return (
    <form onSubmit={submit} aria-label={t('filters.legend')}>
      <fieldset className={styles.filters}>
        <legend>{t('filters.legend')}</legend>
        <div className={styles.field}>
          <label htmlFor={`${id}-q`}>{t('filters.search')}</label>
          <input id={`${id}-q`} type="search" value={draft.q} onChange={set('q')} maxLength={100} />
        </div>
        <div className={styles.field}>
          <label htmlFor={`${id}-kind`}>{t('filters.kind')}</label>
          <select id={`${id}-kind`} value={draft.kind} onChange={set('kind')}>
            <option value="">{t('filters.anyKind')}</option>
            {STAFF_ITEM_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {t(`kind.${kind}`)}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.field}>
          <label htmlFor={`${id}-status`}>{t('filters.status')}</label>
          <select id={`${id}-status`} value={draft.status} onChange={set('status')}>
            <option value="open">{t('filters.statusOpen')}</option>
            <option value="closed">{t('filters.statusClosed')}</option>
            <option value="all">{t('filters.statusAll')}</option>
            {STAFF_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(`status.${status}`)}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.field}>
          <label htmlFor={`${id}-assignee`}>{t('filters.assignee')}</label>
          <select id={`${id}-assignee`} value={draft.assignee} onChange={set('assignee')}>
            <option value="">{t('filters.anyone')}</option>
            <option value="me">{t('filters.me')}</option>
            <option value="none">{t('filters.nobody')}</option>
            {members.map((member) => (
              <option key={member.userId} value={member.userId}>
                {member.fullName}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.field}>
          <label htmlFor={`${id}-type`}>{t('filters.requestType')}</label>
          <select id={`${id}-type`} value={draft.requestType} onChange={set('requestType')}>
            <option value="">{t('filters.anyType')}</option>
            {REQUEST_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`requestType.${type}`)}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.field}>
          <label htmlFor={`${id}-from`}>{t('filters.from')}</label>
          <input id={`${id}-from`} type="date" value={draft.from} onChange={set('from')} />
        </div>
        <div className={styles.field}>
          <label htmlFor={`${id}-to`}>{t('filters.to')}</label>
          <input id={`${id}-to`} type="date" value={draft.to} onChange={set('to')} />
        </div>
        <div className={styles.filterActions}>
          <button type="submit" className="gf-button">
            {t('filters.apply')}
          </button>
          <button
            type="button"
            className="gf-button gf-button--secondary"
            onClick={() => {
              setDraft(EMPTY_FILTERS);
              onApply(EMPTY_FILTERS);
            }}
          >
            {t('filters.reset')}
          </button>
        </div>
      </fieldset>
    </form>
  );
}
