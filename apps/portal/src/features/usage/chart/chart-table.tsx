// The chart's points as a real table, for screen readers and anyone who prefers numbers. Long
// series (a year of 15-minute reads is 35,040 rows) are shown a page at a time so the page stays fast.
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import type { UsageChartProps } from './chart-types.ts';
import { CHARTS_NAMESPACE } from './texts.ts';
import styles from './usage-chart.module.css';

export const TABLE_PAGE_SIZE = 200;

export function ChartTable({ chart }: { chart: UsageChartProps }) {
  const { t } = useTranslation(CHARTS_NAMESPACE);
  const length = chart.x.length;
  const pages = Math.max(1, Math.ceil(length / TABLE_PAGE_SIZE));
  const [wantedPage, setPage] = useState(0);
  // New, shorter data must not leave the table on a page that no longer exists.
  const page = Math.min(wantedPage, pages - 1);
  const first = page * TABLE_PAGE_SIZE;
  const rows = Array.from({ length: Math.min(TABLE_PAGE_SIZE, length - first) }, (_, at) => first + at);
  const pageText = t('table.page', { page: page + 1, pages });

  return (
    <div className={styles.tableView}>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard */}
      <section className={styles.tableScroll} aria-label={chart.title} tabIndex={0}>
        <table>
          <caption>
            {chart.title}
            {pages > 1 && <span className="visually-hidden"> ({pageText})</span>}
          </caption>
          <thead>
            <tr>
              <th scope="col">{t('table.period')}</th>
              {chart.series.map((one) => (
                <th scope="col" key={one.key}>
                  {one.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((index) => (
              <tr key={index}>
                <th scope="row">{chart.formatX(index)}</th>
                {chart.series.map((one) => {
                  const value = one.values[index];
                  return (
                    <td key={one.key} className={styles.number}>
                      {value === null || value === undefined ? t('noData') : chart.formatValue(value, one)}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      {pages > 1 && (
        <nav className={styles.pager} aria-label={t('table.pages')}>
          <button
            type="button"
            className="gf-button gf-button--secondary"
            disabled={page === 0}
            onClick={() => setPage(page - 1)}
          >
            {t('table.previous')}
          </button>
          <span aria-live="polite">{pageText}</span>
          <button
            type="button"
            className="gf-button gf-button--secondary"
            disabled={page === pages - 1}
            onClick={() => setPage(page + 1)}
          >
            {t('table.next')}
          </button>
        </nav>
      )}
    </div>
  );
}
