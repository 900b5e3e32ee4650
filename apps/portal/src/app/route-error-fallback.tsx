import { isRouteErrorResponse, useRouteError } from 'react-router';
import { useTranslation } from '../i18n/use-translation.ts';
import styles from './route-error-fallback.module.css';

function describe(error: unknown): { status?: number; text: string } {
  if (isRouteErrorResponse(error)) {
    const data = typeof error.data === 'string' ? error.data : '';
    return { status: error.status, text: error.statusText || data };
  }
  if (error instanceof Error) return { text: error.message };
  return { text: String(error) };
}

/** Root error view of spec point 8: 'Unexpected Application Error!' with the status and text or message. */
export function RouteErrorFallback() {
  const { t } = useTranslation();
  const { status, text } = describe(useRouteError());
  return (
    <main className={styles.fallback}>
      <h1>{t('messages.unexpectedError')}</h1>
      {status === undefined ? null : <p className={styles.status}>{t('errors.status', { status })}</p>}
      {text ? <p className={styles.text}>{text}</p> : null}
      {/* A full load, so that a broken in-memory state is left behind. */}
      <a className="gf-button" href="/">
        {t('errors.goHome')}
      </a>
    </main>
  );
}
