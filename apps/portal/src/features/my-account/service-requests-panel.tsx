// The customer's open service requests (start, stop, move, plan changes) with their status, and the
// way to file another. A server without the list (404) shows that it is unavailable, not a failure.
import type { ServiceRequestSummary } from '@gridfront/contracts/service-requests';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.ts';
import { formatDate } from '../billing/format.ts';
import { useLanguage } from '../billing/use-language.ts';
import styles from './my-account.module.css';
import { useMyServiceRequestsQuery } from './my-account-api.ts';
import { Panel } from './panel.tsx';

/** How many open requests the panel lists; /todo has them all. */
export const SHOWN_REQUESTS = 5;

export function openRequests(requests: readonly ServiceRequestSummary[]): ServiceRequestSummary[] {
  return requests
    .filter((request) => request.status === 'submitted' || request.status === 'in_progress')
    .slice(0, SHOWN_REQUESTS);
}

export function ServiceRequestsPanel() {
  const { t } = useTranslation('myAccount');
  const language = useLanguage();
  const list = useMyServiceRequestsQuery();
  const notThere = list.isError && 'status' in list.error && list.error.status === 404;
  const open = openRequests(list.data?.requests ?? []);
  return (
    <Panel
      headingId="my-account-requests"
      title={t('requests.heading')}
      status={{ isLoading: list.isLoading, isError: list.isError && !notThere, retry: () => list.refetch() }}
    >
      {notThere ? <p>{t('requests.unavailable')}</p> : null}
      {list.data && open.length === 0 ? <p>{t('requests.empty')}</p> : null}
      {open.length > 0 ? (
        <ul className={styles.requests}>
          {open.map((request) => (
            <li key={request.referenceNumber}>
              <p className={styles.requestTitle}>
                <span>{t(`requests.types.${request.requestType}`)}</span>
                <span className={styles.status}>{t(`requests.status.${request.status}`)}</span>
              </p>
              <p className={styles.muted}>
                <span className={styles.reference}>{request.referenceNumber}</span> ·{' '}
                {t('requests.effective', { date: formatDate(request.effectiveDate, language) })}
              </p>
              <p className={styles.muted}>{request.serviceAddress}</p>
            </li>
          ))}
        </ul>
      ) : null}
      <p>
        <Link to="/todo">{t('requests.more')}</Link>
      </p>
    </Panel>
  );
}
