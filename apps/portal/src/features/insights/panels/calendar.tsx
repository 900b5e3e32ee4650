// Events calendar: each day of the month with its energy (eventSummaryDay), and each week's total
// (eventSummaryWeekly); choosing a day opens its hourly and all-day profiles.
import type { EventSummary } from '@gridfront/contracts/insights';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { useDashboard } from '../dashboard-context.ts';
import { monthRange, weekdayIndex } from '../dates.ts';
import { formatDate, formatKwh, formatQuantity, weekdayName } from '../format.ts';
import styles from '../insights.module.css';
import { useEventSummaryQuery } from '../insights-api.ts';
import { Panel, QueryState } from '../panel.tsx';
import { INSIGHTS_NAMESPACE } from '../texts.ts';

const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6];

export function CalendarPanel() {
  const { t } = useTranslation(INSIGHTS_NAMESPACE);
  const { auth, month } = useDashboard();
  const range = monthRange(month);
  const title = t('calendar.title');
  const query = useEventSummaryQuery({
    ...auth,
    call: 'eventSummaryDay',
    startDate: range.startDate,
    endDate: range.endDate,
    title,
  });
  const weeks = useEventSummaryQuery({
    ...auth,
    call: 'eventSummaryWeekly',
    startDate: range.startDate,
    endDate: range.endDate,
    title: t('calendar.weeks'),
  });
  return (
    <Panel title={title} intro={t('calendar.intro')}>
      <QueryState query={query} title={title}>
        {(data) => <Calendar month={month} days={data.periods} />}
      </QueryState>
      <h3>{t('calendar.weeks')}</h3>
      <QueryState query={weeks} title={t('calendar.weeks')}>
        {(data) => <WeekTotals weeks={data.periods} />}
      </QueryState>
    </Panel>
  );
}

function WeekTotals({ weeks }: { weeks: EventSummary[] }) {
  const { t, i18n } = useTranslation(INSIGHTS_NAMESPACE);
  const language = i18n.language;
  return (
    <ul className={styles.weeks}>
      {weeks.map((week) => (
        <li key={week.startDate}>
          <span>{t('calendar.weekOf', { date: formatDate(week.startDate, language) })}</span>{' '}
          <span>{formatKwh(week.energyKwh, language)}</span>
        </li>
      ))}
    </ul>
  );
}

function Calendar({ month, days }: { month: string; days: EventSummary[] }) {
  const { t, i18n } = useTranslation(INSIGHTS_NAMESPACE);
  const language = i18n.language;
  const { day: chosen, chooseDay } = useDashboard();
  const range = monthRange(month);
  const byDate = new Map(days.map((entry) => [entry.startDate, entry]));
  const most = Math.max(0, ...days.map((entry) => entry.energyKwh));
  const count = Number(range.endDate.slice(8, 10));
  const cells: { key: string; date: string | null }[] = Array.from(
    { length: weekdayIndex(range.startDate) },
    (_, index) => ({ key: `before-${index}`, date: null }),
  );
  for (let d = 1; d <= count; d++) {
    const date = `${month}-${String(d).padStart(2, '0')}`;
    cells.push({ key: date, date });
  }
  while (cells.length % 7) cells.push({ key: `after-${cells.length}`, date: null });
  const weeks = Array.from({ length: cells.length / 7 }, (_, index) => cells.slice(index * 7, index * 7 + 7));
  return (
    <table className={styles.calendar}>
      <caption className="visually-hidden">{t('calendar.caption')}</caption>
      <thead>
        <tr>
          {WEEKDAYS.map((weekday) => (
            <th key={weekday} scope="col" abbr={weekdayName(weekday, language, 'long')}>
              {weekdayName(weekday, language)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeks.map((week) => (
          <tr key={week[0]?.key}>
            {week.map(({ key, date }) => {
              if (!date) return <td key={key} />;
              const entry = byDate.get(date);
              const kwh = entry && entry.daysWithData > 0 ? entry.energyKwh : null;
              return (
                <td key={date}>
                  <button
                    type="button"
                    className={styles.day}
                    aria-pressed={date === chosen}
                    disabled={kwh === null}
                    onClick={() => chooseDay(date)}
                  >
                    <span className="visually-hidden">
                      {formatDate(date, language)}:{' '}
                      {kwh === null ? t('calendar.noReads') : formatKwh(kwh, language)}
                    </span>
                    <span className={styles.dayNumber} aria-hidden="true">
                      {Number(date.slice(8, 10))}
                    </span>
                    <span className={styles.dayValue} aria-hidden="true">
                      {kwh === null ? '–' : formatQuantity(kwh, language)}
                    </span>
                    <span
                      className={styles.dayBar}
                      style={{ width: `${kwh === null || most === 0 ? 0 : Math.round((kwh / most) * 100)}%` }}
                    />
                  </button>
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
