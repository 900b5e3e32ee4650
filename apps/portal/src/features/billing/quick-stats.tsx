import type { QuickStat } from '@gridfront/contracts/billing';
import { useTranslation } from '../../i18n/use-translation.ts';
import styles from './billing.module.css';
import { formatCents, formatQuantity, percentChange } from './format.ts';
import { useLanguage } from './use-language.ts';

/** One tile per utility of the latest bill, in the theme's colours for that utility. */
export function QuickStats({ stats }: { stats: readonly QuickStat[] }) {
  const { t } = useTranslation('billing');
  if (stats.length === 0) return null;
  return (
    <section className={styles.wide} aria-labelledby="stats-heading">
      <h2 id="stats-heading" className={styles.sectionTitle}>
        {t('quickStats.heading')}
      </h2>
      <QuickStatTiles stats={stats} />
    </section>
  );
}

/** The tiles alone, for a page that frames them itself (My Account). */
export function QuickStatTiles({ stats }: { stats: readonly QuickStat[] }) {
  const { t } = useTranslation('billing');
  const language = useLanguage();
  return (
    <ul className={styles.tiles}>
      {stats.map((stat) => {
        const change = percentChange(stat.usageQuantity, stat.lastYearUsageQuantity, language);
        return (
          <li key={stat.utilityType} className={styles.tile} data-utility={stat.utilityType}>
            <h3 className={styles.tileTitle}>{t(`utilities.${stat.utilityType}`)}</h3>
            <p className={styles.tileValue}>
              {formatQuantity(stat.usageQuantity, language)} {stat.usageUnit}
            </p>
            <p className={styles.tileAmount}>{formatCents(stat.amountCents, language)}</p>
            <p className={styles.tileNote}>
              {change === null
                ? t('quickStats.noLastYear')
                : stat.usageQuantity === stat.lastYearUsageQuantity
                  ? t('quickStats.same')
                  : t('quickStats.vsLastYear', { change })}
            </p>
          </li>
        );
      })}
    </ul>
  );
}
