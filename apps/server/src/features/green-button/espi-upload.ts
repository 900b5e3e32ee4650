// What an uploaded feed means: which service, which unit, and its readings per direction. Interval
// blocks are tied to their MeterReading by the ESPI link paths, and the MeterReading to its
// ReadingType by its related link, falling back to the only one there is (as tolerant readers do).
import type { UtilityType } from '@gridfront/contracts';
import { GreenButtonFileError, type RawEntry, type RawFeed, type RawReading } from './espi-reader.ts';
import type { Direction } from './usage-export.ts';

export interface UploadReading {
  start: number;
  duration: number;
  /** Wh for electricity, else the upload's unit. */
  value: number;
  direction: Direction;
}

export interface InterpretedUpload {
  utilityType: UtilityType;
  unit: string;
  uom: number | null;
  powerOfTenMultiplier: number;
  intervalSeconds: number | null;
  readings: UploadReading[];
  warnings: string[];
}

/** UnitSymbolKind codes this portal can show, with the label it shows them by. */
const UNIT_LABELS: Record<number, string> = {
  72: 'Wh',
  169: 'therm',
  119: 'ft3',
  42: 'm3',
  128: 'gal',
  132: 'BTU',
};
const SERVICE_KINDS: Record<number, UtilityType> = { 0: 'electricity', 1: 'gas', 2: 'water' };
const UNIT_SERVICES: Record<number, UtilityType> = {
  72: 'electricity',
  169: 'gas',
  119: 'gas',
  42: 'water',
  128: 'water',
};

interface ReadingTypeInfo {
  uom: number | null;
  power: number;
  direction: Direction;
  flowDirection: number | null;
}

function numberField(entry: RawEntry, name: string): number | null {
  const text = entry.fields.get(name);
  if (text === undefined || text === '') return null;
  const value = Number(text);
  return Number.isInteger(value) ? value : null;
}

function readingTypeInfo(entry: RawEntry): ReadingTypeInfo {
  const flowDirection = numberField(entry, 'flowDirection');
  return {
    uom: numberField(entry, 'uom'),
    power: numberField(entry, 'powerOfTenMultiplier') ?? 0,
    direction: flowDirection === 19 ? 'export' : 'import',
    flowDirection,
  };
}

const under = (href: string | null, parent: string | null) =>
  !!href && !!parent && href.startsWith(`${parent}/`);

/** The MeterReading an IntervalBlock belongs to: its self or up link sits under the reading's self link. */
function meterReadingOf(block: RawEntry, meterReadings: RawEntry[]): RawEntry | null {
  const byPath = meterReadings.find(
    (reading) =>
      under(block.self, reading.self) ||
      under(block.up, reading.self) ||
      reading.related.includes(block.up ?? '\u0000'),
  );
  if (byPath) return byPath;
  return meterReadings.length === 1 ? (meterReadings[0] ?? null) : null;
}

/** The most common reading length when nearly all readings share it (DST days differ); else null. */
function usualInterval(readings: { duration: number }[]): number | null {
  const counts = new Map<number, number>();
  for (const reading of readings) counts.set(reading.duration, (counts.get(reading.duration) ?? 0) + 1);
  let best: [number, number] = [0, 0];
  for (const entry of counts) if (entry[1] > best[1]) best = entry;
  return best[1] >= readings.length * 0.9 ? best[0] : null;
}

export function interpretUpload(feed: RawFeed): InterpretedUpload {
  const warnings: string[] = [];
  const ofKind = (resource: string) => feed.entries.filter((entry) => entry.resource === resource);
  const blocks = ofKind('IntervalBlock');
  if (blocks.length === 0) {
    const found = [...new Set(feed.entries.map((entry) => entry.resource).filter(Boolean))].join(', ');
    throw new GreenButtonFileError(
      `The file has no IntervalBlock, so there are no readings to show${found ? ` (it holds: ${found})` : ''}.`,
    );
  }
  const readingTypes = ofKind('ReadingType');
  if (readingTypes.length === 0) {
    throw new GreenButtonFileError('The file has no ReadingType, so the unit of its readings is unknown.');
  }
  const meterReadings = ofKind('MeterReading');
  const typeOfReading = (meterReading: RawEntry | null): RawEntry | null => {
    const linked =
      meterReading && readingTypes.find((type) => type.self && meterReading.related.includes(type.self));
    return linked ?? (readingTypes.length === 1 ? (readingTypes[0] ?? null) : null);
  };

  const usagePoints = ofKind('UsagePoint');
  if (usagePoints.length > 1) {
    warnings.push(`The file holds ${usagePoints.length} usage points; their readings are shown together.`);
  }
  const serviceKind =
    usagePoints.length > 0 ? numberField(usagePoints[0] as RawEntry, 'ServiceCategory/kind') : null;

  // The unit shown is that of the first block's ReadingType; blocks in another unit are left out.
  const typed = blocks.map((block) => {
    const type = typeOfReading(meterReadingOf(block, meterReadings));
    return { block, info: type ? readingTypeInfo(type) : null };
  });
  const firstTyped = typed.find((item) => item.info?.uom != null && UNIT_LABELS[item.info.uom] !== undefined);
  if (!firstTyped?.info || firstTyped.info.uom === null) {
    const uoms = [...new Set(typed.map((item) => item.info?.uom ?? 'none'))].join(', ');
    throw new GreenButtonFileError(
      `The readings are in a unit this portal cannot show (ReadingType uom ${uoms}); Wh, therm, ft³, m³ or gallons are supported.`,
    );
  }
  const uom = firstTyped.info.uom;
  const utilityType =
    (serviceKind !== null ? SERVICE_KINDS[serviceKind] : undefined) ?? UNIT_SERVICES[uom] ?? 'electricity';
  if (utilityType === 'electricity' && uom !== 72) {
    throw new GreenButtonFileError('Electricity readings must be energy in Wh (ReadingType uom 72).');
  }

  const seen = new Set<string>();
  let leftOut = 0;
  let duplicates = 0;
  let netReadings = false;
  const readings: UploadReading[] = [];
  for (const { block, info } of typed) {
    if (!info || info.uom !== uom) {
      leftOut += block.readings.length;
      continue;
    }
    if (info.flowDirection !== null && info.flowDirection !== 1 && info.flowDirection !== 19)
      netReadings = true;
    // Dividing by 10^n keeps 37000 × 10^-3 an exact 37 (multiplying by 0.001 would not).
    const scaled = (value: number) => (info.power < 0 ? value / 10 ** -info.power : value * 10 ** info.power);
    for (const raw of block.readings as RawReading[]) {
      const key = `${info.direction}|${raw.start}`;
      if (seen.has(key)) {
        duplicates++;
        continue;
      }
      seen.add(key);
      if (raw.duration <= 0)
        throw new GreenButtonFileError(`A reading at ${raw.start} has a duration of ${raw.duration} s`);
      readings.push({
        start: raw.start,
        duration: raw.duration,
        value: scaled(raw.value),
        direction: info.direction,
      });
    }
  }
  if (readings.length === 0) throw new GreenButtonFileError('The file’s IntervalBlocks hold no readings.');
  if (leftOut > 0)
    warnings.push(`${leftOut} readings in another unit or without a ReadingType were left out.`);
  if (duplicates > 0) warnings.push(`${duplicates} repeated readings (same start) were read once.`);
  if (netReadings)
    warnings.push('Some readings are net or of another flow direction; they are shown as use.');
  readings.sort((a, b) =>
    a.direction === b.direction ? a.start - b.start : a.direction === 'import' ? -1 : 1,
  );
  return {
    utilityType,
    unit: UNIT_LABELS[uom] ?? 'Wh',
    uom,
    powerOfTenMultiplier: firstTyped.info.power,
    intervalSeconds: usualInterval(readings),
    readings,
    warnings,
  };
}
