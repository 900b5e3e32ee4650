// The bench page's second chart, to look at rather than to time: twelve months of bars (grid
// import stacked on solar used at home), last year's import as a dashed line and the average
// temperature on the right axis; a click or Enter on a month logs the drill-down.
import { UsageChart } from '../../src/features/usage/chart/usage-chart.tsx';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const imported = [612, 540, 455, 380, 330, 360, 420, 430, 360, 390, 480, 590];
const selfUsed = [60, 85, 130, 170, 210, 230, 240, 220, 180, 130, 80, 55];
const lastYear = [650, 560, 470, 400, 350, 390, 450, 445, 370, 400, 500, null];
const temperature = [3.1, 4.5, 8.2, 12.0, 16.4, 20.1, 22.8, 22.1, 18.0, 12.7, 7.2, 3.9];

export function MonthlyChart() {
  return (
    <UsageChart
      title="Electricity by month, 2025"
      description="Import was highest in January and lowest in May."
      x={MONTHS.map((_, index) => index)}
      xKind="category"
      formatX={(index) => `${MONTHS[index] ?? ''} 2025`}
      formatTick={(index) => MONTHS[index] ?? ''}
      series={[
        { key: 'importKwh', label: 'From the grid', values: imported, kind: 'bar', color: 1, stack: 'use' },
        {
          key: 'selfKwh',
          label: 'Solar used at home',
          values: selfUsed,
          kind: 'bar',
          color: 3,
          stack: 'use',
        },
        {
          key: 'lastYearKwh',
          label: 'From the grid, 2024',
          values: lastYear,
          kind: 'line',
          color: 5,
          dashed: true,
        },
        {
          key: 'temperatureC',
          label: 'Average temperature',
          values: temperature,
          kind: 'line',
          color: 4,
          axis: 'right',
        },
      ]}
      unit="kWh"
      rightUnit="°C"
      formatValue={(value, series) => (series.axis === 'right' ? `${value} °C` : `${value} kWh`)}
      onDrill={(index) => console.log(`drill ${MONTHS[index]}`)}
      csvFileName="usage-electricity-2025.csv"
      height={260}
    />
  );
}
