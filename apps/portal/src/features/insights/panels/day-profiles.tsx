// Hourly and all-day profiles of the day chosen in the calendar: the day's energy per clock hour
// beside the average of the week before it (eventSummaryHours), and its 15-minute curve with the
// always-on level (eventSummaryAllDay).
import { useTranslation } from '../../../i18n/use-translation.ts';
import { UsageChart } from '../../usage/chart/usage-chart.tsx';
import { useDashboard } from '../dashboard-context.ts';
import { addDays } from '../dates.ts';
import { formatClockMinutes, formatDate, formatKwh } from '../format.ts';
import styles from '../insights.module.css';
import { useAllDayProfileQuery, useHourlyProfileQuery } from '../insights-api.ts';
import { Panel, QueryState } from '../panel.tsx';
import { INSIGHTS_NAMESPACE } from '../texts.ts';

const kwhOf = (language: string) => (value: number) => formatKwh(value, language);

export function DayProfilesPanel() {
  const { t, i18n } = useTranslation(INSIGHTS_NAMESPACE);
  const language = i18n.language;
  const { auth, day } = useDashboard();
  const week = Array.from({ length: 7 }, (_, index) => addDays(day, index - 6));
  const hours = useHourlyProfileQuery({ ...auth, dates: week });
  const allDay = useAllDayProfileQuery({ ...auth, dates: [day] });
  const dayText = formatDate(day, language);
  const hourlyTitle = t('profiles.hourly', { date: dayText });
  const allDayTitle = t('profiles.allDay', { date: dayText });
  return (
    <Panel title={t('profiles.title')} intro={t('profiles.intro', { date: dayText })} wide>
      <h3>{hourlyTitle}</h3>
      <QueryState query={hours} title={hourlyTitle}>
        {(data) => {
          const chosen = data.days.find((entry) => entry.date === day)?.hoursKwh ?? null;
          return (
            <UsageChart
              title={hourlyTitle}
              x={data.averageKwh.map((_, hour) => hour)}
              xKind="category"
              formatX={(hour) => formatClockMinutes(hour * 60, language)}
              formatTick={(hour) => String(hour)}
              series={[
                {
                  key: 'dayKwh',
                  label: t('profiles.theDay'),
                  values: chosen ?? data.averageKwh.map(() => null),
                  kind: 'bar',
                  color: 1,
                },
                {
                  key: 'weekAverageKwh',
                  label: t('profiles.weekAverage'),
                  values: data.averageKwh,
                  kind: 'line',
                  color: 3,
                  dashed: true,
                },
              ]}
              unit="kWh"
              formatValue={kwhOf(language)}
              csvFileName={`hourly-profile-${day}.csv`}
            />
          );
        }}
      </QueryState>
      <h3>{allDayTitle}</h3>
      <QueryState query={allDay} title={allDayTitle}>
        {(data) => {
          const entry = data.days[0];
          const intervals = entry?.intervalsKwh;
          if (!entry || !intervals) return <p>{t('noData')}</p>;
          return (
            <div className={styles.stack}>
              <UsageChart
                title={allDayTitle}
                x={intervals.map((_, index) => index)}
                xKind="category"
                formatX={(index) => formatClockMinutes(index * 15, language)}
                formatTick={(index) => (index % 4 === 0 ? String(index / 4) : '')}
                series={[
                  { key: 'kwh', label: t('profiles.every15'), values: intervals, kind: 'area', color: 2 },
                  {
                    key: 'alwaysOnKwh',
                    label: t('profiles.alwaysOn'),
                    values: intervals.map(() => entry.alwaysOnKwh),
                    kind: 'line',
                    color: 4,
                    dashed: true,
                  },
                ]}
                unit="kWh"
                formatValue={kwhOf(language)}
                csvFileName={`all-day-profile-${day}.csv`}
              />
              {entry.totalKwh === null ? null : (
                <p className={styles.hint}>
                  {t('profiles.dayTotal', { energy: formatKwh(entry.totalKwh, language) })}
                </p>
              )}
            </div>
          );
        }}
      </QueryState>
    </Panel>
  );
}
