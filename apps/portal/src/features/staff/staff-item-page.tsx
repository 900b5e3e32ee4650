// /staff/requests/:kind/:id (agents and admins): one service request or contact message with its
// details, the work on it (assign, status, close), comments and history.
import './texts.ts';
import type { StaffItemDetail, StaffMembersResponse } from '@gridfront/contracts/staff';
import { STAFF_ITEM_KINDS, type StaffItemKind } from '@gridfront/contracts/staff-constants';
import { Fragment } from 'react';
import { Link, useParams } from 'react-router';
import { PageFrame } from '../../components/page-frame.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { errorStatus } from '../../lib/api/error-message.ts';
import { ItemComments } from './item-comments.tsx';
import { ItemWork } from './item-work.tsx';
import styles from './staff.module.css';
import { useStaffItemQuery } from './staff-api.ts';
import { formatCalendarDate, formatDateTime, useLanguage } from './staff-format.ts';
import { StaffGate } from './staff-gate.tsx';
import { subjectText } from './subject-text.ts';
import { STAFF_NAMESPACE } from './texts.ts';

function isKind(value: string | undefined): value is StaffItemKind {
  return (STAFF_ITEM_KINDS as readonly string[]).includes(value ?? '');
}

export function StaffItemPage() {
  const { kind, id } = useParams();
  return (
    <StaffGate>
      {(staff) => (isKind(kind) && id ? <ItemLoader kind={kind} id={id} staff={staff} /> : <NotFound />)}
    </StaffGate>
  );
}

function NotFound() {
  const { t } = useTranslation(STAFF_NAMESPACE);
  return (
    <PageFrame title={t('loadFailed')}>
      <p>
        <Link to="/staff">{t('backToQueue')}</Link>
      </p>
    </PageFrame>
  );
}

function ItemLoader({ kind, id, staff }: { kind: StaffItemKind; id: string; staff: StaffMembersResponse }) {
  const { t } = useTranslation(STAFF_NAMESPACE);
  const item = useStaffItemQuery({ kind, id });
  if (item.isLoading) {
    return (
      <p role="status" className={styles.status}>
        {t('loading')}
      </p>
    );
  }
  if (item.isError || !item.data) {
    if (errorStatus(item.error) === 404) return <NotFound />;
    return (
      <div role="alert" className={`gf-surface ${styles.status}`}>
        <p>{t('loadFailed')}</p>
        <button type="button" className="gf-button" onClick={() => item.refetch()}>
          {t('retry')}
        </button>
      </div>
    );
  }
  return <ItemView item={item.data} staff={staff} onReload={() => item.refetch()} />;
}

function factValue(key: string, value: string, language: string): string {
  if (key === 'effectiveDate') return formatCalendarDate(value, language);
  if (key === 'appointmentAt') return formatDateTime(value, language);
  return value;
}

function ItemView({
  item,
  staff,
  onReload,
}: {
  item: StaffItemDetail;
  staff: StaffMembersResponse;
  onReload: () => void;
}) {
  const { t } = useTranslation(STAFF_NAMESPACE);
  const language = useLanguage();
  return (
    <PageFrame title={t('title.item', { reference: item.referenceNumber })}>
      <p>
        <Link to="/staff">{t('backToQueue')}</Link>
      </p>
      <div className={styles.layout}>
        <div className={styles.stack}>
          <section className={`gf-surface ${styles.card}`} aria-labelledby="staff-item-details">
            <h2 id="staff-item-details">
              {t(`kind.${item.kind}`)}: {subjectText(item, t)}
            </h2>
            <dl className={styles.facts}>
              <dt>{t('table.name')}</dt>
              <dd>{item.name}</dd>
              <dt>{t('item.email')}</dt>
              <dd>{item.email}</dd>
              {item.phone ? (
                <>
                  <dt>{t('item.phone')}</dt>
                  <dd>{item.phone}</dd>
                </>
              ) : null}
              <dt>{t('table.status')}</dt>
              <dd data-testid="item-status">{t(`status.${item.status}`)}</dd>
              <dt>{t('item.received')}</dt>
              <dd>{formatDateTime(item.createdAt, language)}</dd>
              <dt>{t('item.language')}</dt>
              <dd>{item.language}</dd>
              {item.facts.map((fact) => (
                <Fragment key={fact.key}>
                  <dt>{t(`item.fact.${fact.key}`)}</dt>
                  <dd>{factValue(fact.key, fact.value, language)}</dd>
                </Fragment>
              ))}
              {item.accountNumber ? (
                <>
                  <dt>{t('item.account')}</dt>
                  <dd>
                    <Link to={`/staff/customers/${item.accountNumber}`}>
                      {t('item.openCustomer', { accountNumber: item.accountNumber })}
                    </Link>
                  </dd>
                </>
              ) : null}
            </dl>
            {item.message ? (
              <>
                <h3>{t('item.message')}</h3>
                <p className={styles.message}>{item.message}</p>
              </>
            ) : null}
          </section>
          <ItemComments item={item} />
        </div>
        <div className={styles.stack}>
          <ItemWork item={item} staff={staff} onConflict={onReload} />
          <ItemHistory item={item} />
        </div>
      </div>
    </PageFrame>
  );
}

function ItemHistory({ item }: { item: StaffItemDetail }) {
  const { t } = useTranslation(STAFF_NAMESPACE);
  const language = useLanguage();
  const statusName = (value: string | null) =>
    value && value in STATUS_KEYS ? t(`status.${value as keyof typeof STATUS_KEYS}`) : (value ?? '');
  return (
    <section className={`gf-surface ${styles.card}`} aria-labelledby="staff-item-history">
      <h2 id="staff-item-history">{t('history.title')}</h2>
      {item.history.length === 0 ? (
        <p>{t('history.none')}</p>
      ) : (
        <ol className={styles.list}>
          {item.history.map((entry) => (
            <li key={`${entry.createdAt}:${entry.action}:${entry.to ?? ''}`}>
              <span>
                {entry.action === 'status'
                  ? t('history.status', {
                      actor: entry.actor ?? t('history.someone'),
                      from: statusName(entry.from),
                      to: statusName(entry.to),
                    })
                  : t('history.assignment', {
                      actor: entry.actor ?? t('history.someone'),
                      from: entry.from ?? t('history.nobody'),
                      to: entry.to ?? t('history.nobody'),
                    })}
              </span>
              <span className={styles.meta}>{formatDateTime(entry.createdAt, language)}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

const STATUS_KEYS = {
  submitted: true,
  open: true,
  in_progress: true,
  completed: true,
  cancelled: true,
  closed: true,
} as const;
