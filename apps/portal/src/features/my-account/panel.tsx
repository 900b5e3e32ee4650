// One panel of the dashboard: a titled card that shows its own loading state, or its own failure
// with a retry, so a call that fails takes only its panel down and the others keep showing.
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import styles from './my-account.module.css';

export interface PanelStatus {
  isLoading: boolean;
  isError: boolean;
  retry: () => void;
}

interface PanelProps {
  headingId: string;
  title: string;
  status?: PanelStatus;
  /** 'payment' draws the card in the theme's payment-box colours. */
  tone?: 'surface' | 'payment';
  wide?: boolean;
  children?: ReactNode;
}

export function Panel({ headingId, title, status, tone = 'surface', wide = false, children }: PanelProps) {
  const { t } = useTranslation('myAccount');
  const classes = [tone === 'payment' ? styles.paymentPanel : `gf-surface ${styles.panel}`];
  if (wide) classes.push(styles.wide);
  return (
    <section className={classes.join(' ')} aria-labelledby={headingId} aria-busy={status?.isLoading}>
      <h2 id={headingId} className={styles.panelTitle}>
        {title}
      </h2>
      {status?.isLoading ? (
        <p role="status" className={styles.muted}>
          {t('loading')}
        </p>
      ) : status?.isError ? (
        <PanelFailed message={t('panelFailed')} describedBy={headingId} onRetry={status.retry} />
      ) : (
        children
      )}
    </section>
  );
}

/** A failure with its retry; the button names the panel it reloads through the heading. */
export function PanelFailed({
  message,
  describedBy,
  onRetry,
}: {
  message: string;
  describedBy?: string;
  onRetry: () => void;
}) {
  const { t } = useTranslation('myAccount');
  return (
    <div role="alert" className={styles.failed}>
      <p>{message}</p>
      <button type="button" className="gf-button" aria-describedby={describedBy} onClick={onRetry}>
        {t('retry')}
      </button>
    </div>
  );
}
