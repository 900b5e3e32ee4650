// Solar for accounts that have it (issue 9): production, what the home used of it, export to and
// import from the grid, and net usage, for a year, month, week or day.
import type { UsageDetailsResponse } from '@gridfront/contracts/usage';
import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useTenant } from '../../lib/tenant/use-tenant.ts';
import { formatDate, todayIso } from '../billing/format.ts';
import { useLanguage } from '../billing/use-language.ts';
import { ButtonGroup } from './button-group.tsx';
import { ChartError, ChartSkeleton, UsageChart } from './chart/usage-chart.tsx';
import { addDays } from './local-time.ts';
import { intervalTimes } from './series.ts';
import {
  type SolarPeriod,
  type SolarRow,
  shiftSolarPeriod,
  solarChart,
  solarFigures,
  solarRange,
  solarRowsOfDays,
  solarRowsOfIntervals,
  solarRowsOfPeriods,
} from './solar.ts';
import { USAGE_NAMESPACE } from './texts.ts';
import styles from './usage.module.css';
import { useUsageDetailsQuery } from './usage-api.ts';
import { categoryTickLabel, formatClock, formatMonth, formatUsage } from './usage-format.ts';

function rowsOf(data: UsageDetailsResponse): SolarRow[] {
  if (data.view === 'monthly') return solarRowsOfPeriods(data.periods);
  if (data.view === 'daily') return solarRowsOfDays(data.days);
  return solarRowsOfIntervals(data.intervals);
}

export function SolarPanel({ accountId }: { accountId: string }) {
  const { t } = useTranslation(USAGE_NAMESPACE);
  const language = useLanguage();
  // The last whole day of reads is yesterday in the utility's zone (the meters report by its days).
  const { timeZone } = useTenant();
  const today = todayIso(new Date(), timeZone);
  const [period, setPeriod] = useState<SolarPeriod>('month');
  const [anchor, setAnchor] = useState(addDays(today, -1));
  const range = solarRange(period, anchor);
  const query = useUsageDetailsQuery({ accountId, utilityType: 'electricity', ...range });
  const data = query.currentData;
  const name =
    period === 'year'
      ? anchor.slice(0, 4)
      : period === 'month'
        ? formatMonth(anchor.slice(0, 7), language)
        : period === 'week'
          ? t('solar.weekOf', { date: formatDate(range.from, language) })
          : formatDate(anchor, language);
  const title = t('solar.chartTitle', { period: name });
  const labels = {
    selfConsumed: t('solar.selfConsumed'),
    imported: t('solar.imported'),
    exported: t('solar.exported'),
    produced: t('solar.produced'),
    net: t('solar.net'),
  };
  const rows = data ? rowsOf(data) : [];
  const time = data?.view === 'interval' ? intervalTimes(data.intervals, 60, data.timeZone) : null;
  const chart = solarChart(rows, time ? time.x : rows.map((_, i) => i), time ? 'time' : 'category', labels);
  const figures = solarFigures(rows);
  const label = (index: number) => {
    const row = rows[index];
    if (!row || !data) return '';
    if (data.view === 'monthly') return formatMonth(row.date.slice(0, 7), language);
    if (time)
      return `${formatDate(row.date, language, 'short')} ${formatClock(time.x[index] ?? 0, data.timeZone, language)}`;
    return formatDate(row.date, language);
  };
  const kwh = (value: number) => formatUsage(value, t('unit.kWh'), language);

  return (
    <section className={styles.solar} aria-labelledby="usage-solar-title">
      <h3 id="usage-solar-title" className={styles.subTitle}>
        {t('solar.title')}
      </h3>
      <p>{t('solar.intro')}</p>
      <div className={styles.toolbar}>
        <ButtonGroup label={t('solar.period')}>
          {(['year', 'month', 'week', 'day'] as const).map((which) => (
            <button
              key={which}
              type="button"
              className={`gf-button ${period === which ? '' : 'gf-button--secondary'}`}
              aria-pressed={period === which}
              onClick={() => setPeriod(which)}
            >
              {t(`solar.${which}`)}
            </button>
          ))}
        </ButtonGroup>
        <ButtonGroup label={t('nav.label')}>
          <button
            type="button"
            className="gf-button gf-button--secondary"
            onClick={() => setAnchor(shiftSolarPeriod(period, anchor, -1))}
          >
            {t('nav.previous')}
          </button>
          <button
            type="button"
            className="gf-button gf-button--secondary"
            disabled={solarRange(period, shiftSolarPeriod(period, anchor, 1)).from > today}
            onClick={() => setAnchor(shiftSolarPeriod(period, anchor, 1))}
          >
            {t('nav.next')}
          </button>
        </ButtonGroup>
      </div>
      {query.isError ? (
        <ChartError title={title} onRetry={() => query.refetch()} />
      ) : !data ? (
        <ChartSkeleton title={title} />
      ) : rows.length === 0 ? (
        <p className={styles.empty}>{t('empty')}</p>
      ) : (
        <>
          <UsageChart
            title={title}
            x={chart.x}
            xKind={chart.xKind}
            series={chart.series}
            unit="kWh"
            formatX={label}
            formatTick={(value) => {
              if (time) return formatClock(value, data.timeZone, language);
              return categoryTickLabel(
                rows[Math.round(value)]?.date ?? '',
                data.view === 'monthly',
                language,
              );
            }}
            formatValue={(value) => kwh(value)}
            csvFileName={`solar-${range.from}-${range.toDate}.csv`}
          />
          <dl className={styles.figures}>
            {(['produced', 'selfConsumed', 'exported', 'imported', 'net'] as const).map((key) => (
              <div key={key}>
                <dt>{t(`solar.${key}`)}</dt>
                <dd>{kwh(figures[key])}</dd>
              </div>
            ))}
          </dl>
        </>
      )}
    </section>
  );
}
