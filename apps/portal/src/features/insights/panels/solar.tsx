// Solar production (solarProduction) for a year (by month), the chosen month or the chosen day's
// week (by day), or the chosen day (by hour): produced, exported and used at home, and what the
// energy used at home saved. The periods follow the dashboard's month and the calendar's day. A home
// without a production meter is told so.

import type { SolarProductionResponse } from '@gridfront/contracts/insights';
import { SOLAR_PERIOD_TYPES, type SolarPeriodType } from '@gridfront/contracts/insights-basics';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { UsageChart } from '../../usage/chart/usage-chart.tsx';
import { useDashboard } from '../dashboard-context.ts';
import { isoWeekOf, weekdayIndex } from '../dates.ts';
import {
  formatCents,
  formatClockMinutes,
  formatDate,
  formatKwh,
  formatMonth,
  weekdayName,
} from '../format.ts';
import styles from '../insights.module.css';
import { useSolarProductionQuery } from '../insights-api.ts';
import { Panel, QueryState } from '../panel.tsx';
import { solarPeriodRequest } from '../solar-period.ts';
import { INSIGHTS_NAMESPACE } from '../texts.ts';

export function SolarPanel() {
  const { t } = useTranslation(INSIGHTS_NAMESPACE);
  const { init } = useDashboard();
  return <Panel title={t('solar.title')}>{init.hasSolar ? <SolarChart /> : <p>{t('solar.none')}</p>}</Panel>;
}

function SolarChart() {
  const { t, i18n } = useTranslation(INSIGHTS_NAMESPACE);
  const language = i18n.language;
  const { auth, month, day } = useDashboard();
  const [period, setPeriod] = useState<SolarPeriodType>('month');
  const request = solarPeriodRequest(period, month, day);
  const name =
    period === 'year'
      ? String(request.year)
      : period === 'month'
        ? formatMonth(month, language)
        : period === 'week'
          ? t('calendar.weekOf', { date: formatDate(isoWeekOf(day).monday, language) })
          : formatDate(day, language);
  const title = t('solar.chartTitle', { period: name });
  const query = useSolarProductionQuery({ ...auth, ...request, title });
  return (
    <>
      <fieldset className={styles.buttons}>
        <legend className="visually-hidden">{t('solar.period')}</legend>
        {SOLAR_PERIOD_TYPES.map((which) => (
          <button
            key={which}
            type="button"
            className={`gf-button ${period === which ? '' : 'gf-button--secondary'}`}
            aria-pressed={period === which}
            onClick={() => setPeriod(which)}
          >
            {t(`solar.periods.${which}`)}
          </button>
        ))}
      </fieldset>
      <p className={styles.hint}>{name}</p>
      <QueryState query={query} title={title}>
        {(data) => <SolarView data={data} title={title} />}
      </QueryState>
    </>
  );
}

function SolarView({ data, title }: { data: SolarProductionResponse; title: string }) {
  const { t, i18n } = useTranslation(INSIGHTS_NAMESPACE);
  const language = i18n.language;
  const labelOf = (index: number) => data.points[index]?.label ?? '';
  // 'YYYY-MM' (a year's months), 'YYYY-MM-DD' (days) or 'YYYY-MM-DDTHH:00' (a day's hours).
  const hourOf = (label: string) => Number(label.slice(11, 13));
  const formatX = (index: number) => {
    const label = labelOf(index);
    if (data.periodType === 'year') return formatMonth(label, language);
    if (data.periodType === 'day')
      return `${formatDate(label.slice(0, 10), language)} ${formatClockMinutes(hourOf(label) * 60, language)}`;
    return formatDate(label, language);
  };
  const formatTick = (index: number) => {
    const label = labelOf(index);
    if (data.periodType === 'year') return formatMonth(label, language, 'short').slice(0, 3);
    if (data.periodType === 'week') return weekdayName(weekdayIndex(label), language);
    if (data.periodType === 'day') return String(hourOf(label));
    return String(Number(label.slice(8, 10)));
  };
  return (
    <div className={styles.stack}>
      <p>
        {t('solar.totals', {
          produced: formatKwh(data.totals.productionKwh, language),
          selfConsumed: formatKwh(data.totals.selfConsumedKwh, language),
          exported: formatKwh(data.totals.exportKwh, language),
        })}{' '}
        {data.savingsCents === null
          ? ''
          : t('solar.saved', { amount: formatCents(data.savingsCents, language) })}
      </p>
      {data.points.length === 0 ? (
        <p className={styles.hint}>{t('solar.noReads')}</p>
      ) : (
        <UsageChart
          title={title}
          x={data.points.map((_, index) => index)}
          xKind="category"
          formatX={formatX}
          formatTick={formatTick}
          series={[
            {
              key: 'selfConsumedKwh',
              label: t('solar.selfConsumed'),
              values: data.points.map((point) => point.selfConsumedKwh),
              kind: 'bar',
              color: 2,
              stack: 'production',
            },
            {
              key: 'exportKwh',
              label: t('solar.exported'),
              values: data.points.map((point) => point.exportKwh),
              kind: 'bar',
              color: 5,
              stack: 'production',
            },
          ]}
          unit="kWh"
          formatValue={(value) => formatKwh(value, language)}
          csvFileName={`solar-${data.periodType}-${data.startDate}.csv`}
        />
      )}
    </div>
  );
}
