// Working an item: assign it (to oneself or another staff member), change its status or close it.
// Each change sends the version on screen; when someone else changed the item meanwhile the server
// answers 409, the item is reloaded and the agent is told.
import type { StaffItemDetail, StaffMembersResponse } from '@gridfront/contracts/staff';
import { type StaffStatus, statusesOfKind } from '@gridfront/contracts/staff-constants';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { errorStatus } from '../../lib/api/error-message.ts';
import styles from './staff.module.css';
import { useAssignStaffItemMutation, useChangeStaffItemStatusMutation } from './staff-api.ts';
import { STAFF_NAMESPACE } from './texts.ts';

type Outcome = 'saved' | 'conflict' | 'failed' | null;

export function closingStatus(kind: StaffItemDetail['kind']): StaffStatus {
  return kind === 'service_request' ? 'completed' : 'closed';
}

export function ItemWork({
  item,
  staff,
  onConflict,
}: {
  item: StaffItemDetail;
  staff: StaffMembersResponse;
  onConflict: () => void;
}) {
  const { t } = useTranslation(STAFF_NAMESPACE);
  const id = useId();
  const [assign, assigning] = useAssignStaffItemMutation();
  const [changeStatus, changing] = useChangeStaffItemStatusMutation();
  const [assignee, setAssignee] = useState(item.assignee?.userId ?? '');
  const [status, setStatus] = useState<StaffStatus>(item.status);
  const [outcome, setOutcome] = useState<Outcome>(null);
  // A reload (after a change here or someone else's) shows the item as it is now.
  useEffect(() => {
    setAssignee(item.assignee?.userId ?? '');
    setStatus(item.status);
  }, [item.assignee?.userId, item.status]);
  const busy = assigning.isLoading || changing.isLoading;
  const key = { kind: item.kind, id: item.id };
  const closing = closingStatus(item.kind);

  const run = async (call: () => Promise<unknown>) => {
    setOutcome(null);
    try {
      await call();
      setOutcome('saved');
    } catch (error) {
      if (errorStatus(error) === 409) {
        setOutcome('conflict');
        onConflict();
      } else {
        setOutcome('failed');
      }
    }
  };
  const assignTo = (userId: string | null) =>
    run(() => assign({ ...key, assigneeId: userId, version: item.version }).unwrap());
  const setStatusTo = (next: StaffStatus) =>
    run(() => changeStatus({ ...key, status: next, version: item.version }).unwrap());

  return (
    <section className={`gf-surface ${styles.card}`} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('work.title')}</h2>
      <form
        className={styles.stack}
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          void assignTo(assignee === '' ? null : assignee);
        }}
      >
        <div className={styles.field}>
          <label htmlFor={`${id}-assignee`}>{t('work.assignee')}</label>
          <select
            id={`${id}-assignee`}
            value={assignee}
            onChange={(event) => setAssignee(event.target.value)}
          >
            <option value="">{t('work.unassigned')}</option>
            {staff.members.map((member) => (
              <option key={member.userId} value={member.userId}>
                {member.fullName}
              </option>
            ))}
          </select>
        </div>
        <p className={styles.actions}>
          <button type="submit" className="gf-button gf-button--secondary" disabled={busy}>
            {t('work.assign')}
          </button>
          {item.assignee?.userId !== staff.me.userId ? (
            <button
              type="button"
              className="gf-button gf-button--secondary"
              disabled={busy}
              onClick={() => {
                setAssignee(staff.me.userId);
                void assignTo(staff.me.userId);
              }}
            >
              {t('work.assignToMe')}
            </button>
          ) : null}
        </p>
      </form>
      <form
        className={styles.stack}
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          void setStatusTo(status);
        }}
      >
        <div className={styles.field}>
          <label htmlFor={`${id}-status`}>{t('work.status')}</label>
          <select
            id={`${id}-status`}
            value={status}
            onChange={(event) => setStatus(event.target.value as StaffStatus)}
            aria-describedby={`${id}-mail-note`}
          >
            {statusesOfKind(item.kind).map((value) => (
              <option key={value} value={value}>
                {t(`status.${value}`)}
              </option>
            ))}
          </select>
        </div>
        <p id={`${id}-mail-note`} className={styles.meta}>
          {t('work.mailNote')}
        </p>
        <p className={styles.actions}>
          <button type="submit" className="gf-button gf-button--secondary" disabled={busy}>
            {t('work.saveStatus')}
          </button>
          {item.status !== closing ? (
            <button
              type="button"
              className="gf-button"
              disabled={busy}
              onClick={() => {
                setStatus(closing);
                void setStatusTo(closing);
              }}
            >
              {t('work.close')}
            </button>
          ) : null}
        </p>
      </form>
      <p role="status" aria-live="polite" className={outcome === 'saved' ? undefined : styles.error}>
        {outcome ? t(`work.${outcome}`) : ''}
      </p>
    </section>
  );
}
