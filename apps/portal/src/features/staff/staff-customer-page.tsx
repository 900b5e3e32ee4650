// /staff/customers/:accountNumber (agents and admins): what the customer sees, read-only: account
// information, the latest bills and payments, and their requests. The server audits every look.
import './texts.ts';
import type { StaffCustomerView } from '@gridfront/contracts/staff';
import { Link, useParams } from 'react-router';
import { PageFrame } from '../../components/page-frame.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { errorStatus } from '../../lib/api/error-message.ts';
import { useAgentAssist } from '../assistant/agent-assist.ts';
import styles from './staff.module.css';
import { useStaffCustomerQuery } from './staff-api.ts';
import { formatCalendarDate, formatDateTime, formatMoney, useLanguage } from './staff-format.ts';
import { StaffGate } from './staff-gate.tsx';
import { subjectText } from './subject-text.ts';
import { STAFF_NAMESPACE } from './texts.ts';

export function StaffCustomerPage() {
  const { accountNumber = '' } = useParams();
  return <StaffGate>{() => <CustomerLoader accountNumber={accountNumber} />}</StaffGate>;
}

function CustomerLoader({ accountNumber }: { accountNumber: string }) {
  const { t } = useTranslation(STAFF_NAMESPACE);
  const customer = useStaffCustomerQuery(accountNumber);
  // AI Assist answers about this customer while the agent has them open (agent mode).
  useAgentAssist(customer.data ? accountNumber : null);
  return (
    <PageFrame title={t('title.customer', { accountNumber })} intro={t('intro.customer')}>
      <p>
        <Link to="/staff">{t('backToQueue')}</Link>
      </p>
      {customer.isLoading ? (
        <p role="status" className={styles.status}>
          {t('loading')}
        </p>
      ) : null}
      {customer.isError ? (
        errorStatus(customer.error) === 404 || errorStatus(customer.error) === 400 ? (
          <p role="alert" className={`gf-surface ${styles.status}`}>
            {t('customer.notFound')}
          </p>
        ) : (
          <div role="alert" className={`gf-surface ${styles.status}`}>
            <p>{t('loadFailed')}</p>
            <button type="button" className="gf-button" onClick={() => customer.refetch()}>
              {t('retry')}
            </button>
          </div>
        )
      ) : null}
      {customer.data ? <CustomerView view={customer.data} /> : null}
    </PageFrame>
  );
}

function CustomerView({ view }: { view: StaffCustomerView }) {
  const { t } = useTranslation(STAFF_NAMESPACE);
  const language = useLanguage();
  const account = view.account;
  return (
    <div className={styles.stack}>
      <section className={`gf-surface ${styles.card}`} aria-labelledby="staff-customer-account">
        <h2 id="staff-customer-account">{view.holderName}</h2>
        <dl className={styles.facts}>
          <dt>{t('customer.portalUser')}</dt>
          <dd>
            {view.portalUser
              ? `${view.portalUser.fullName} (${view.portalUser.username}, ${view.portalUser.email})`
              : t('customer.noPortalUser')}
          </dd>
          {account ? (
            <>
              <dt>{t('customer.balance')}</dt>
              <dd data-testid="customer-balance">{formatMoney(account.balanceCents, language)}</dd>
              <dt>{t('customer.mailing')}</dt>
              <dd>
                {account.mailingAddress}, {account.city}, {account.state} {account.zip}
              </dd>
              <dt>{t('item.email')}</dt>
              <dd>{account.email}</dd>
              <dt>{t('customer.paperless')}</dt>
              <dd>{account.paperless ? t('customer.yes') : t('customer.no')}</dd>
              <dt>{t('customer.autopay')}</dt>
              <dd>{account.autopay ? t('customer.autopayOn') : t('customer.autopayOff')}</dd>
              <dt>{t('customer.premises')}</dt>
              <dd>
                {account.premises
                  .map(
                    (premise) =>
                      `${premise.serviceAddress}, ${premise.city}, ${premise.state} ${premise.zip}`,
                  )
                  .join('; ')}
              </dd>
              <dt>{t('customer.services')}</dt>
              <dd>
                {account.services.map((service) => t(`customer.utility.${service.utilityType}`)).join(', ')}
              </dd>
            </>
          ) : null}
        </dl>
      </section>
      {view.portalUser ? (
        <section className={`gf-surface ${styles.card}`} aria-labelledby="staff-customer-history">
          <h2 id="staff-customer-history">{t('customer.history')}</h2>
          {view.transactions.length === 0 ? (
            <p>{t('customer.noHistory')}</p>
          ) : (
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
            <section className={styles.tableScroll} aria-label={t('customer.history')} tabIndex={0}>
              <table className={styles.table}>
                <thead>
                  <tr>
                    <th scope="col">{t('customer.date')}</th>
                    <th scope="col">{t('customer.description')}</th>
                    <th scope="col" className={styles.number}>
                      {t('customer.amount')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {view.transactions.map((entry) => (
                    <tr key={entry.transactionId}>
                      <td>{formatCalendarDate(entry.transactionDate, language)}</td>
                      <td>
                        {entry.billNumber ? `${entry.description} ${entry.billNumber}` : entry.description}
                      </td>
                      <td className={styles.number}>{formatMoney(entry.amountCents, language)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          )}
        </section>
      ) : null}
      <section className={`gf-surface ${styles.card}`} aria-labelledby="staff-customer-requests">
        <h2 id="staff-customer-requests">{t('customer.requests')}</h2>
        {view.requests.length === 0 ? (
          <p>{t('customer.noRequests')}</p>
        ) : (
          <ul className={styles.list}>
            {view.requests.map((request) => (
              <li key={`${request.kind}:${request.id}`}>
                <Link to={`/staff/requests/${request.kind}/${request.id}`}>{request.referenceNumber}</Link>
                <span>
                  {t(`kind.${request.kind}`)}:{' '}
                  {subjectText(
                    {
                      kind: request.kind,
                      subject: request.subject,
                      requestType: request.kind === 'service_request' ? request.subject : null,
                    },
                    t,
                  )}{' '}
                  · {t(`status.${request.status}`)}
                </span>
                <span className={styles.meta}>{formatDateTime(request.createdAt, language)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
