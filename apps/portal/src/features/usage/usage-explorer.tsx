// The drill-down of one service: a year of bill periods → a month of days → a day of hours → a day
// of quarter-hours (electricity), or a whole year of quarter-hours at once. Previous and Next move
// along the same level; the trail goes back up; a date picker jumps to a day.
import type { UtilityType } from '@gridfront/contracts/constants';
import type { UsageDetailsResponse } from '@gridfront/contracts/usage';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useDeferredValue } from '../../lib/deferred-value.ts';
import { AfterFirstView } from '../billing/account-picker.tsx';
import { formatDate, numberFormat, todayIso, yearsBefore } from '../billing/format.ts';
import { useLanguage } from '../billing/use-language.ts';
import { ButtonGroup } from './button-group.tsx';
import { ChartError, type ChartSeries, ChartSkeleton, UsageChart } from './chart/usage-chart.tsx';
import { type DrillState, drillInto, rangeOf, step, trail, type UsageLevel } from './drill.ts';
import { Highlights } from './highlights.tsx';
import { addDays } from './local-time.ts';
import { MeasureToggle } from './measure-toggle.tsx';
import {
  type ChartData,
  dayChart,
  intervalChart,
  type Measure,
  periodChart,
  type SeriesLabels,
} from './series.ts';
import { SolarPanel } from './solar-panel.tsx';
import { USAGE_NAMESPACE } from './texts.ts';
import styles from './usage.module.css';
import { useUsageDetailsQuery } from './usage-api.ts';
import {
  categoryTickLabel,
  formatCents,
  formatClock,
  formatMonth,
  formatUsage,
  temperatureConverter,
} from './usage-format.ts';
import { UsageTotals } from './usage-totals.tsx';

interface ExplorerProps {
  accountId: string;
  service: UtilityType;
  /** A Green Button file the customer uploaded, shown instead of the meter. */
  upload: { uploadId: string; name: string; lastDate: string } | null;
  /** Called once its first answer (or failure) is drawn: the page's parts below then know their place. */
  onDrawn?: () => void;
}

export function UsageExplorer({ accountId, service, upload, onDrawn }: ExplorerProps) {
  const { t } = useTranslation(USAGE_NAMESPACE);
  const language = useLanguage();
  const today = todayIso();
  const uploadId = upload?.uploadId ?? null;
  const start = upload?.lastDate ?? today;
  const [drill, setDrill] = useState<DrillState>({ level: 'year', anchor: `${start.slice(0, 4)}-01-01` });
  const [measure, setMeasure] = useState<Measure>('units');
  const [pickedDay, setPickedDay] = useState(addDays(today, -1));
  const electric = service === 'electricity';
  const range = rangeOf(drill);
  const args = { accountId, utilityType: service, ...range, ...(uploadId ? { uploadId } : {}) };
  const details = useUsageDetailsQuery(args);
  const lastYear = useUsageDetailsQuery(
    { ...args, from: yearsBefore(range.from, 1), toDate: yearsBefore(range.toDate, 1) },
    { skip: drill.level !== 'month' },
  );
  const data = details.currentData;
  // The highlights (and the solar panel) render after the title, chart and totals of a new answer,
  // as a transition of their own that yields to the browser, not in the same long task (issue 7:
  // total blocking time on a phone). They show the same answer, a moment later.
  const later = useDeferredValue(data);
  const drawn = later !== undefined || details.isError;
  useEffect(() => {
    if (drawn) onDrawn?.();
  }, [drawn, onDrawn]);
  const unitLabel = data ? t(`unit.${data.unit as 'kWh'}`, { defaultValue: data.unit }) : '';
  const temperatureUnit = t('temperatureUnit');

  const labels: SeriesLabels = useMemo(
    () => ({
      usage: t('series.usage', { unit: unitLabel }),
      cost: drill.level === 'month' ? t('series.energyCost') : t('series.cost'),
      lastYear: t('series.lastYear'),
      temperature: t('series.temperature', { unit: temperatureUnit }),
      toTemperature: temperatureConverter(temperatureUnit),
      exported: t('series.exported'),
      produced: t('series.produced'),
      band: { peak: t('band.peak'), mid: t('band.mid'), off: t('band.off') },
    }),
    [t, drill.level, unitLabel, temperatureUnit],
  );
  // A year of quarter-hours is 35,040 points: built once per answer, not on every render.
  const chart = useMemo(
    () => (data ? chartOf(data, drill.level, measure, lastYear.currentData, labels) : null),
    [data, drill.level, measure, lastYear.currentData, labels],
  );

  const serviceName = t(`service.${service}`);
  const placeName = (state: DrillState) => placeLabel(state, language);
  // Each level's title names one place, its year, month or day (the trail's own label), and only
  // that one is formatted: at the first level it is the year, so the explorer's first render, made
  // as the account arrives, makes no date formatter. The page's first one loads the browser's
  // locale data: 40 ms of that render's task in a trace here where it came before the page's warm-up
  // had done so (prepare-formats.ts, issue 7).
  const place = placeName(drill);
  const title = t(`title.${drill.level}`, { service: serviceName, year: place, month: place, day: place });
  // A file's readings may be hourly or daily: it drills to days, not to quarter-hours.
  const drillable =
    electric && (!uploadId || drill.level !== 'day') && drillInto(drill, drill.anchor) !== null;

  const formatValue = (value: number, series: ChartSeries) => {
    if (series.key === 'temperatureC') return `${formatNumber(value, language)} °${temperatureUnit}`;
    if (series.key.toLowerCase().includes('cost')) return formatCents(Math.round(value * 100), language);
    const unit = series.key === 'quantity' || series.key === 'lastYearQuantity' ? unitLabel : 'kWh';
    return formatUsage(value, unit, language);
  };
  const formatX = (index: number) => pointLabel(data, chart, index, language);

  return (
    <section className={`gf-surface ${styles.panel}`} aria-labelledby="usage-explorer-title">
      <h2 id="usage-explorer-title" className={styles.panelTitle}>
        {title}
      </h2>
      {upload ? (
        <p className={styles.note} role="status">
          {t('uploadShown', { name: upload.name })}
        </p>
      ) : null}
      {trail(drill).length > 0 ? (
        <nav aria-label={t('nav.trail')} className={styles.trail}>
          <ol>
            {trail(drill).map((place) => (
              <li key={place.level}>
                <button type="button" className={styles.trailButton} onClick={() => setDrill(place)}>
                  {placeName(place)}
                </button>
              </li>
            ))}
            <li aria-current="page">{placeName(drill)}</li>
          </ol>
        </nav>
      ) : null}
      <div className={styles.toolbar}>
        <ButtonGroup label={t('nav.label')}>
          <button
            type="button"
            className="gf-button gf-button--secondary"
            onClick={() => setDrill(step(drill, -1))}
          >
            {t('nav.previous')}
          </button>
          <button
            type="button"
            className="gf-button gf-button--secondary"
            disabled={rangeOf(step(drill, 1)).from > today}
            onClick={() => setDrill(step(drill, 1))}
          >
            {t('nav.next')}
          </button>
        </ButtonGroup>
        {electric && !uploadId ? <DetailSwitch drill={drill} onChange={setDrill} /> : null}
        {!uploadId && (drill.level === 'year' || drill.level === 'month') ? (
          <MeasureToggle value={measure} onChange={setMeasure} />
        ) : null}
        {electric && !uploadId ? (
          <form
            className={styles.dayPicker}
            onSubmit={(event) => {
              event.preventDefault();
              if (pickedDay) setDrill({ level: 'day', anchor: pickedDay });
            }}
          >
            <label>
              <span>{t('nav.pickDay')}</span>
              <input
                type="date"
                value={pickedDay}
                max={today}
                required
                onChange={(event) => setPickedDay(event.target.value)}
              />
            </label>
            <button type="submit" className="gf-button gf-button--secondary">
              {t('nav.showDay')}
            </button>
          </form>
        ) : null}
      </div>
      {details.isError ? (
        <ChartError title={title} onRetry={() => details.refetch()} />
      ) : !data || !chart ? (
        <ChartSkeleton title={title} />
      ) : chart.x.length === 0 ? (
        <p className={styles.empty}>{t('empty')}</p>
      ) : (
        <UsageChart
          title={title}
          description={drillable ? t('drillHint') : t('zoomHint')}
          x={chart.x}
          xKind={chart.xKind}
          series={chart.series}
          bands={chart.bands}
          unit={measure === 'cost' && chart.xKind === 'category' ? '$' : unitLabel || 'kWh'}
          rightUnit={chart.xKind === 'category' ? `°${temperatureUnit}` : undefined}
          formatX={formatX}
          formatTick={
            chart.xKind === 'time'
              ? (value) => formatClock(value, data.timeZone, language)
              : (value) =>
                  categoryTickLabel(
                    chart.pointDates[Math.round(value)] ?? '',
                    data.view === 'monthly',
                    language,
                  )
          }
          formatValue={formatValue}
          onDrill={
            drillable
              ? (index) => {
                  const next = drillInto(drill, chart.pointDates[index] ?? drill.anchor);
                  if (next) setDrill(next);
                }
              : undefined
          }
          csvFileName={`usage-${service}-${range.from}-${range.toDate}.csv`}
          csvValue={(index) => csvLabel(data, chart, index)}
        />
      )}
      {data ? <UsageTotals data={data} /> : null}
      {/* Below the chart and its totals, out of a phone's first view: drawn (and the solar panel's
          answers fetched) as the reader comes near them, not while the page starts (issue 7). */}
      <AfterFirstView watch={drawn}>
        {later ? <Highlights data={later} /> : null}
        {electric && later?.hasSolar && !uploadId ? <SolarPanel accountId={accountId} /> : null}
      </AfterFirstView>
    </section>
  );
}

/** At the year level: bill periods or every quarter-hour; at a day: hours or quarter-hours. */
function DetailSwitch({ drill, onChange }: { drill: DrillState; onChange: (state: DrillState) => void }) {
  const { t } = useTranslation(USAGE_NAMESPACE);
  const options: { level: UsageLevel; label: string }[] =
    drill.level === 'year' || drill.level === 'yearDetail'
      ? [
          { level: 'year', label: t('nav.monthly') },
          { level: 'yearDetail', label: t('nav.everyQuarter') },
        ]
      : drill.level === 'day' || drill.level === 'quarter'
        ? [
            { level: 'day', label: t('nav.hourly') },
            { level: 'quarter', label: t('nav.everyQuarter') },
          ]
        : [];
  if (options.length === 0) return null;
  return (
    <ButtonGroup label={t('nav.detail')}>
      {options.map((option) => (
        <button
          key={option.level}
          type="button"
          className={`gf-button ${drill.level === option.level ? '' : 'gf-button--secondary'}`}
          aria-pressed={drill.level === option.level}
          onClick={() => onChange({ ...drill, level: option.level })}
        >
          {option.label}
        </button>
      ))}
    </ButtonGroup>
  );
}

/** The chart of an answer, without the series it has no value for (no legend entry for nothing). */
function chartOf(
  data: UsageDetailsResponse,
  level: UsageLevel,
  measure: Measure,
  lastYear: UsageDetailsResponse | undefined,
  labels: SeriesLabels,
): ChartData {
  const chart =
    data.view === 'monthly'
      ? periodChart(data.periods, measure, labels)
      : data.view === 'daily'
        ? dayChart(data.days, lastYear?.view === 'daily' ? lastYear.days : undefined, measure, labels)
        : intervalChart(data.intervals, data.resolution, data.timeZone, labels, {
            tou: data.tou,
            bands: level !== 'yearDetail',
          });
  const [main, ...others] = chart.series;
  const hasValues = (series: ChartSeries) => Array.from(series.values).some((value) => value !== null);
  return { ...chart, series: main ? [main, ...others.filter(hasValues)] : [] };
}

const formatNumber = (value: number, language: string) =>
  numberFormat(language, { maximumFractionDigits: 1 }).format(value);

function placeLabel(state: DrillState, language: string): string {
  switch (state.level) {
    case 'year':
    case 'yearDetail':
      return state.anchor.slice(0, 4);
    case 'month':
      return formatMonth(state.anchor.slice(0, 7), language);
    default:
      return formatDate(state.anchor, language);
  }
}

/** A point's full name: the bill period's month and dates, the day, or the day and clock time. */
function pointLabel(
  data: UsageDetailsResponse | undefined,
  chart: ChartData | null,
  index: number,
  language: string,
) {
  if (!data || !chart) return '';
  if (data.view === 'monthly') {
    const period = data.periods[index];
    if (!period) return '';
    return `${formatMonth(period.month, language)} (${formatDate(period.periodStart, language, 'short')} – ${formatDate(period.periodEnd, language, 'short')})`;
  }
  const date = chart.pointDates[index] ?? '';
  if (data.view === 'daily') return formatDate(date, language);
  return `${formatDate(date, language, 'short')} ${formatClock(chart.x[index] ?? 0, data.timeZone, language)}`;
}

/** CSV's first column: ISO dates, and for intervals the instant in UTC (unambiguous on DST days). */
function csvLabel(data: UsageDetailsResponse, chart: ChartData, index: number): string {
  if (data.view === 'monthly') {
    const period = data.periods[index];
    return period ? `${period.periodStart}/${period.periodEnd}` : '';
  }
  if (data.view === 'daily') return chart.pointDates[index] ?? '';
  return new Date((chart.x[index] ?? 0) * 1000).toISOString();
}
