import { useTranslation } from '../../i18n/use-translation.ts';
import styles from './service-requests.module.css';
import { useToDoListQuery } from './service-requests-api.ts';
import { SERVICE_REQUESTS_NAMESPACE } from './texts.ts';

function formatDate(date: string, language: string): string {
  try {
    return new Intl.DateTimeFormat(language, {
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(`${date}T00:00:00Z`));
  } catch {
    return date;
  }
}

/** The signed-in customer's service requests and where each one stands. */
export function RequestList() {
  const { t, i18n } = useTranslation(SERVICE_REQUESTS_NAMESPACE);
  const list = useToDoListQuery();
  const language = i18n.resolvedLanguage ?? 'en';
  return (
    <section
      className={`gf-surface ${styles.list}`}
      aria-labelledby="todo-list-heading"
      aria-busy={list.isFetching}
    >
      <h2 id="todo-list-heading">{t('list.heading')}</h2>
      {list.isLoading ? <p>{t('list.loading')}</p> : null}
      {list.isError ? (
        <div role="alert">
          <p>{t('list.failed')}</p>
          <button type="button" className="gf-button" onClick={() => list.refetch()}>
            {t('list.retry')}
          </button>
        </div>
      ) : null}
      {list.data && list.data.requests.length === 0 ? <p>{t('list.empty')}</p> : null}
      {list.data && list.data.requests.length > 0 ? (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">{t('list.reference')}</th>
                <th scope="col">{t('list.type')}</th>
                <th scope="col">{t('list.date')}</th>
                <th scope="col">{t('list.address')}</th>
                <th scope="col">{t('list.status')}</th>
              </tr>
            </thead>
            <tbody>
              {list.data.requests.map((request) => (
                <tr key={request.referenceNumber} data-testid="todo-row">
                  <td data-label={t('list.reference')}>{request.referenceNumber}</td>
                  <td data-label={t('list.type')}>{t(`types.${request.requestType}`)}</td>
                  <td data-label={t('list.date')}>{formatDate(request.effectiveDate, language)}</td>
                  <td data-label={t('list.address')}>{request.serviceAddress}</td>
                  <td data-label={t('list.status')}>{t(`list.statuses.${request.status}`)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
