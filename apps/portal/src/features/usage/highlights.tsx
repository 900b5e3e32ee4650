// The period's highlights in plain words, from the facts the server found in the same reads.
import type { UsageDetailsResponse } from '@gridfront/contracts/usage';
import { useTranslation } from '../../i18n/use-translation.ts';
import { formatDate } from '../billing/format.ts';
import { useLanguage } from '../billing/use-language.ts';
import { USAGE_NAMESPACE } from './texts.ts';
import styles from './usage.module.css';
import { formatCents, formatPercent, formatUsage } from './usage-format.ts';

type TouShare = { kind: 'peak' | 'mid'; share: number };

/** Below half a percent either way reads as "about the same". */
const SAME_BAND = 0.005;

export function Highlights({ data }: { data: UsageDetailsResponse }) {
  const { t } = useTranslation(USAGE_NAMESPACE);
  const language = useLanguage();
  const { highestDay, changeFromLastYear, touShares, solarSavingsCents } = data.highlights;
  const sentences: string[] = [];
  if (highestDay)
    sentences.push(
      t('highlights.highestDay', {
        date: formatDate(highestDay.date, language),
        quantity: formatUsage(highestDay.quantity, t('unit.kWh'), language),
      }),
    );
  if (changeFromLastYear !== null) {
    const percent = formatPercent(Math.abs(changeFromLastYear), language);
    sentences.push(
      Math.abs(changeFromLastYear) < SAME_BAND
        ? t('highlights.same')
        : t(changeFromLastYear > 0 ? 'highlights.more' : 'highlights.less', { percent }),
    );
  }
  for (const share of touShares.filter((entry): entry is TouShare => entry.kind !== 'off'))
    sentences.push(
      t('highlights.tou', {
        percent: formatPercent(share.share, language),
        period: t(`highlights.bands.${share.kind}`),
      }),
    );
  if (solarSavingsCents !== null && solarSavingsCents > 0)
    sentences.push(t('highlights.solar', { amount: formatCents(solarSavingsCents, language) }));
  return (
    <div className={styles.highlights}>
      <h3 className={styles.subTitle}>{t('highlights.title')}</h3>
      {sentences.length === 0 ? (
        <p>{t('highlights.none')}</p>
      ) : (
        <ul>
          {sentences.map((sentence) => (
            <li key={sentence}>{sentence}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
