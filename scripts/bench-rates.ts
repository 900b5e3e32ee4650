// `npm run bench:rates`: the rate comparison engine on a year of 15-minute data (35,040 intervals)
// under 12 plans (the demo utility's electric tariffs plus variations built here) with two what-ifs
// (an EV and rooftop solar). Prints the median and 95th percentile over --runs runs after 3 warm-up
// runs. Pure computation: no database, no server. Target: under 100 ms.
//
//   npm run bench:rates [-- --runs 20]
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { compareRates } from '../apps/server/src/domain/rate-comparison/compare-rates.ts';
import {
  householdWh,
  intervalDays,
  panelExportWh,
  RIVERBEND_SITE,
  TIME_ZONE,
} from '../apps/server/src/domain/rate-comparison/comparison-test-kit.ts';
import type { ComparisonTariff } from '../apps/server/src/domain/rate-comparison/eligible-tariffs.ts';
import type { UrdbRateStructure } from '../apps/server/src/domain/tariffs/urdb.ts';
import { dailyWeather, RIVERBEND_CLIMATE } from '../apps/server/src/domain/weather/daily-weather.ts';
import { DEMO_TARIFFS } from '../apps/server/src/seed/demo-tariffs.ts';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '20' } } });
const runs = Math.max(5, Number(values.runs));

/** The structure with every energy rate multiplied by `factor`. */
function scaledEnergy(structure: UrdbRateStructure, factor: number): UrdbRateStructure {
  return {
    ...structure,
    energyratestructure: structure.energyratestructure?.map((period) =>
      period.map((tier) => ({ ...tier, rate: Math.round((tier.rate ?? 0) * factor * 1e5) / 1e5 })),
    ),
  };
}

const electric = DEMO_TARIFFS.filter((tariff) => tariff.utilityType === 'electricity');
const base = Object.fromEntries(electric.map((tariff) => [tariff.code, tariff.structure]));
const variations: Array<[string, UrdbRateStructure | undefined]> = [
  ['E-RS', base['E-RS']],
  ['E-TOU', base['E-TOU']],
  ['E-GS (as a residential demand rate)', base['E-GS']],
  [
    'E-RS net metering',
    base['E-RS'] && { ...base['E-RS'], dgrules: 'Net Metering', exportcreditrate: undefined },
  ],
  ['E-TOU net billing hourly', base['E-TOU'] && { ...base['E-TOU'], dgrules: 'Net Billing Hourly' }],
  [
    'E-RS daily customer charge',
    base['E-RS'] && { ...base['E-RS'], fixedchargeunits: '$/day', fixedchargefirstmeter: 0.4 },
  ],
  ['E-TOU 10% dearer', base['E-TOU'] && scaledEnergy(base['E-TOU'], 1.1)],
  ['E-TOU 8% cheaper', base['E-TOU'] && scaledEnergy(base['E-TOU'], 0.92)],
  ['E-RS 5% cheaper', base['E-RS'] && scaledEnergy(base['E-RS'], 0.95)],
  ['E-RS with a $20 minimum', base['E-RS'] && { ...base['E-RS'], mincharge: 20, minchargeunits: '$/month' }],
  ['E-GS 60-minute demand', base['E-GS'] && { ...base['E-GS'], demandwindow: 60 }],
  ['E-TOU 15% dearer', base['E-TOU'] && scaledEnergy(base['E-TOU'], 1.15)],
];
const tariffs: ComparisonTariff[] = variations.map(([name, structure], k) => {
  if (!structure) throw new Error(`demo tariff missing for ${name}`);
  return { id: `plan-${k + 1}`, name, sector: 'Residential', structure };
});

const days = intervalDays('2025-01-01', '2025-12-31', householdWh, panelExportWh);
const intervals = days.reduce((sum, day) => sum + day.importWh.length, 0);
const weather = dailyWeather(RIVERBEND_CLIMATE, '2025-01-01', '2025-12-31', 42);
const input = {
  days,
  timeZone: TIME_ZONE,
  tariffs,
  currentTariffId: 'plan-1',
  sector: 'Residential',
  site: RIVERBEND_SITE,
  weather,
  whatIfs: { ev: { milesPerYear: 12_000 }, solar: { kw: 7 } },
};

const first = compareRates(input);
if (first.plans.length !== 12) throw new Error(`expected 12 plans priced, got ${first.plans.length}`);
for (let i = 0; i < 2; i++) compareRates(input);
const times: number[] = [];
for (let i = 0; i < runs; i++) {
  const start = performance.now();
  compareRates(input);
  times.push(performance.now() - start);
}
times.sort((a, b) => a - b);
const percentile = (p: number) => times[Math.min(times.length - 1, Math.ceil(p * times.length) - 1)] ?? 0;
const energy = first.plans[0]?.whatIfEnergy;
console.log(
  `rate comparison: ${tariffs.length} plans × ${intervals} intervals × ${first.periods.length} bills, EV + solar what-ifs`,
);
console.log(`  EV ${energy?.evKwh} kWh, solar ${energy?.solarKwh} kWh over the year`);
console.log(
  `  ${runs} runs after 3 warm-up: median ${percentile(0.5).toFixed(1)} ms, p95 ${percentile(0.95).toFixed(1)} ms, fastest ${times[0]?.toFixed(1)} ms (target < 100 ms)`,
);
console.log(
  `  load average ${loadavg()
    .map((load) => load.toFixed(1))
    .join(' ')}`,
);
