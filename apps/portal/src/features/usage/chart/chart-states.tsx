// What a chart panel shows before its data arrives and when it could not be loaded.
import { useTranslation } from '../../../i18n/use-translation.ts';
import { CHARTS_NAMESPACE } from './texts.ts';
import styles from './usage-chart.module.css';

export function ChartSkeleton({ title }: { title: string }) {
  const { t } = useTranslation(CHARTS_NAMESPACE);
  return (
    <div className={styles.skeleton} aria-busy="true" role="status">
      <span className="visually-hidden">{t('loading', { title })}</span>
    </div>
  );
}

export function ChartError({ title, onRetry }: { title: string; onRetry: () => void }) {
  const { t } = useTranslation(CHARTS_NAMESPACE);
  return (
    <div className={styles.error} role="alert">
      <p>{t('error', { title })}</p>
      <button type="button" className="gf-button gf-button--secondary" onClick={onRetry}>
        {t('retry')}
      </button>
    </div>
  );
}
