import type { BillDetail, BillSegment } from '@gridfront/contracts/billing';
import { lineItemText } from '@gridfront/contracts/line-item-text';
import { useState } from 'react';
import { isLanguage } from '../../i18n/i18n.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import styles from './billing.module.css';
import { formatCents, formatDate, formatQuantity, numberFormat } from './format.ts';
import { TableScroll } from './table-scroll.tsx';
import { useLanguage } from './use-language.ts';

/** The spec's bill segments: each service's period, usage, amount and what is still outstanding. */
export function BillSegments({ bill }: { bill: BillDetail }) {
  const { t } = useTranslation('billing');
  const language = useLanguage();
  return (
    <section className={`gf-surface ${styles.card} ${styles.wide}`} aria-labelledby="segments-heading">
      <h2 id="segments-heading" className={styles.cardTitle}>
        {t('bill.segmentsCaption')}
      </h2>
      <TableScroll label={t('bill.segmentsCaption')}>
        <table className={styles.table}>
          <caption className="visually-hidden">{t('bill.segmentsCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('bill.service')}</th>
              <th scope="col">{t('bill.servicePeriod')}</th>
              <th scope="col" className={styles.numeric}>
                {t('bill.usage')}
              </th>
              <th scope="col" className={styles.numeric}>
                {t('bill.amount')}
              </th>
              <th scope="col" className={styles.numeric}>
                {t('bill.outstanding')}
              </th>
            </tr>
          </thead>
          <tbody>
            {bill.segments.map((segment) => (
              <tr key={segment.segmentId}>
                <th scope="row">{t(`utilities.${segment.utilityType}`)}</th>
                <td>
                  {formatDate(segment.startDate, language, 'short')} –{' '}
                  {formatDate(segment.endDate, language, 'short')}
                </td>
                <td className={styles.numeric}>
                  {formatQuantity(segment.usageQuantity, language)} {segment.usageUnit}
                </td>
                <td className={styles.numeric}>{formatCents(segment.amountCents, language)}</td>
                <td className={styles.numeric}>{formatCents(segment.outstandingCents, language)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      {bill.segments.map((segment) => (
        <SegmentLineItems key={segment.segmentId} segment={segment} />
      ))}
    </section>
  );
}

/**
 * A segment's line items, folded. Their table is drawn when the customer first opens them, and kept:
 * drawn with the page, every segment's lines were most of the bill's largest render, for tables that
 * most visits never open (issue 7: blocking time on a phone).
 */
function SegmentLineItems({ segment }: { segment: BillSegment }) {
  const { t } = useTranslation('billing');
  const language = useLanguage();
  const [opened, setOpened] = useState(false);
  const label = t('bill.lineItems', { service: t(`utilities.${segment.utilityType}`) });
  return (
    <details
      className={styles.lineItems}
      onToggle={(event) => {
        if (event.currentTarget.open) setOpened(true);
      }}
    >
      <summary>{label}</summary>
      {opened ? (
        <TableScroll label={label}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">{t('bill.item')}</th>
                <th scope="col" className={styles.numeric}>
                  {t('bill.quantity')}
                </th>
                <th scope="col" className={styles.numeric}>
                  {t('bill.rate')}
                </th>
                <th scope="col" className={styles.numeric}>
                  {t('bill.amount')}
                </th>
              </tr>
            </thead>
            <tbody>
              {segment.lineItems.map((item, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a bill's lines are fixed and in bill order; two may read alike
                <tr key={`${segment.segmentId}-${index}`}>
                  <td>{lineItemText(item.description, isLanguage(language) ? language : 'en')}</td>
                  <td className={styles.numeric}>
                    {item.quantity === null
                      ? ''
                      : `${formatQuantity(item.quantity, language)} ${item.unit ?? ''}`}
                  </td>
                  <td className={styles.numeric}>
                    {item.rate === null
                      ? ''
                      : numberFormat(language, {
                          style: 'currency',
                          currency: 'USD',
                          maximumFractionDigits: 5,
                        }).format(item.rate)}
                  </td>
                  <td className={styles.numeric}>{formatCents(item.amountCents, language)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      ) : null}
    </details>
  );
}
