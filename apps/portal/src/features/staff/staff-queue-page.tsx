// /staff (agents and admins, issue 10): the queue of service requests and contact messages with
// filters and pages, and the customer look-up by account number.
import './texts.ts';
import type { StaffMember, StaffQueueItem } from '@gridfront/contracts/staff';
import { type FormEvent, useId, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PageFrame } from '../../components/page-frame.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import {
  EMPTY_FILTERS,
  FILTER_KEYS,
  filtersOf,
  QueueFilters,
  type QueueFilterValues,
} from './queue-filters.tsx';
import styles from './staff.module.css';
import { useStaffQueueQuery } from './staff-api.ts';
import { formatDateTime, useLanguage } from './staff-format.ts';
import { StaffGate } from './staff-gate.tsx';
import { subjectText } from './subject-text.ts';
import { STAFF_NAMESPACE } from './texts.ts';

const PAGE_LIMIT = 25;

export function StaffQueuePage() {
  const { t } = useTranslation(STAFF_NAMESPACE);
  return (
    <StaffGate>
      {(staff) => (
        <PageFrame title={t('title.queue')} intro={t('intro.queue')}>
          <div className={styles.stack}>
            <CustomerLookup />
            <Queue members={staff.members} />
          </div>
        </PageFrame>
      )}
    </StaffGate>
  );
}

function Queue({ members }: { members: readonly StaffMember[] }) {
  const { t } = useTranslation(STAFF_NAMESPACE);
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const pageOffset = Math.max(0, Number(params.get('page') ?? '0') || 0) * PAGE_LIMIT;
  const query = {
    status: filters.status || 'open',
    pageLimit: PAGE_LIMIT,
    pageOffset,
    ...Object.fromEntries(
      FILTER_KEYS.filter((key) => key !== 'status' && filters[key] !== '').map((key) => [key, filters[key]]),
    ),
  } as Parameters<typeof useStaffQueueQuery>[0];
  const queue = useStaffQueueQuery(query);

  const apply = (values: QueueFilterValues, page = 0) => {
    const next = new URLSearchParams();
    for (const key of FILTER_KEYS) {
      if (values[key] !== '' && values[key] !== EMPTY_FILTERS[key]) next.set(key, values[key]);
    }
    if (page > 0) next.set('page', String(page));
    setParams(next);
  };
  const page = pageOffset / PAGE_LIMIT;

  return (
    <div className={styles.stack}>
      <QueueFilters
        key={params.toString()}
        applied={filters}
        members={members}
        onApply={(values) => apply(values)}
      />
      {queue.isLoading ? (
        <p role="status" className={styles.status}>
          {t('loading')}
        </p>
      ) : null}
      {queue.isError ? (
        <div role="alert" className={`gf-surface ${styles.status}`}>
          <p>{t('loadFailed')}</p>
          <button type="button" className="gf-button" onClick={() => queue.refetch()}>
            {t('retry')}
          </button>
        </div>
      ) : null}
      {queue.data ? (
        <div className={`gf-surface ${styles.card}`}>
          <QueueTable items={queue.data.items} total={queue.data.totalCount} />
          {queue.data.totalCount > PAGE_LIMIT ? (
            <nav className={styles.paging} aria-label={t('paging.label')}>
              <button
                type="button"
                className="gf-button gf-button--secondary"
                disabled={page === 0}
                onClick={() => apply(filters, page - 1)}
              >
                {t('paging.previous')}
              </button>
              <span>
                {t('paging.range', {
                  first: pageOffset + 1,
                  last: Math.min(pageOffset + PAGE_LIMIT, queue.data.totalCount),
                  total: queue.data.totalCount,
                })}
              </span>
              <button
                type="button"
                className="gf-button gf-button--secondary"
                disabled={pageOffset + PAGE_LIMIT >= queue.data.totalCount}
                onClick={() => apply(filters, page + 1)}
              >
                {t('paging.next')}
              </button>
            </nav>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

export function QueueTable({ items, total }: { items: StaffQueueItem[]; total: number }) {
  const { t } = useTranslation(STAFF_NAMESPACE);
  const language = useLanguage();
  if (items.length === 0) return <p>{t('table.empty')}</p>;
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
    <section className={styles.tableScroll} aria-label={t('table.region')} tabIndex={0}>
      <table className={styles.table}>
        <caption>{t('table.caption', { count: total })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('table.reference')}</th>
            <th scope="col">{t('table.kind')}</th>
            <th scope="col">{t('table.subject')}</th>
            <th scope="col">{t('table.name')}</th>
            <th scope="col">{t('table.status')}</th>
            <th scope="col">{t('table.assignee')}</th>
            <th scope="col">{t('table.received')}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={`${item.kind}:${item.id}`}>
              <th scope="row">
                <Link to={`/staff/requests/${item.kind}/${item.id}`}>{item.referenceNumber}</Link>
              </th>
              <td>{t(`kind.${item.kind}`)}</td>
              <td>{subjectText(item, t)}</td>
              <td>
                {item.name}
                <br />
                <span className={styles.meta}>{item.email}</span>
              </td>
              <td>{t(`status.${item.status}`)}</td>
              <td>{item.assignee ? item.assignee.fullName : t('table.unassigned')}</td>
              <td>{formatDateTime(item.createdAt, language)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function CustomerLookup() {
  const { t } = useTranslation(STAFF_NAMESPACE);
  const navigate = useNavigate();
  const id = useId();
  const [accountNumber, setAccountNumber] = useState('');
  const [invalid, setInvalid] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = accountNumber.trim();
    if (!/^\d{4,20}$/.test(value)) {
      setInvalid(true);
      return;
    }
    navigate(`/staff/customers/${value}`);
  };
  return (
    <form
      className={`gf-surface ${styles.card}`}
      onSubmit={submit}
      noValidate
      aria-labelledby={`${id}-title`}
    >
      <h2 id={`${id}-title`}>{t('lookup.title')}</h2>
      <div className={styles.field}>
        <label htmlFor={`${id}-account`}>{t('lookup.accountNumber')}</label>
        <input
          id={`${id}-account`}
          inputMode="numeric"
          autoComplete="off"
          value={accountNumber}
          aria-invalid={invalid}
          aria-describedby={invalid ? `${id}-error` : undefined}
          onChange={(event) => {
            setAccountNumber(event.target.value);
            setInvalid(false);
          }}
        />
        {invalid ? (
          <p id={`${id}-error`} className={styles.error} role="alert">
            {t('lookup.invalid')}
          </p>
        ) : null}
      </div>
      <p className={styles.actions}>
        <button type="submit" className="gf-button">
          {t('lookup.submit')}
        </button>
      </p>
    </form>
  );
}
