// What a Green Button download holds, whatever the format: a service's readings as channels
// (import, and export for solar) of local-day blocks, values as integers in the ESPI unit.
import type { UtilityType } from '@gridfront/contracts';
import type { LocalTimeParameters } from './local-time-parameters.ts';

export type Direction = 'import' | 'export';

export interface ExportReading {
  /** Unix seconds and seconds. */
  start: number;
  duration: number;
  /** value × 10^powerOfTenMultiplier is the quantity in the unit. */
  value: number;
  estimated: boolean;
}

export interface ExportBlock {
  start: number;
  duration: number;
  readings: ExportReading[];
}

export interface ExportChannel {
  direction: Direction;
  /** Seconds per reading for interval data; null for register reads of varying length. */
  intervalLength: number | null;
  blocks: ExportBlock[];
}

/** An ESPI unit: UnitSymbolKind code, power of ten, CommodityKind and ServiceKind. */
export interface EspiUnit {
  label: string;
  uom: number;
  powerOfTenMultiplier: number;
  commodity: number;
  serviceKind: number;
  /** MeasurementKind (12 = energy); null where ESPI has none that fits. */
  measurementKind: number | null;
}

export interface UsageExport {
  utilityType: UtilityType;
  /** Stable per account and service, so the same download names the same resources. */
  usagePointKey: string;
  title: string;
  timeZone: string;
  localTime: LocalTimeParameters;
  unit: EspiUnit;
  channels: ExportChannel[];
  createdAt: Date;
}

export const ESPI_UNITS: Record<Exclude<UtilityType, 'sewer'>, EspiUnit> = {
  electricity: {
    label: 'Wh',
    uom: 72,
    powerOfTenMultiplier: 0,
    commodity: 1,
    serviceKind: 0,
    measurementKind: 12,
  },
  gas: {
    label: 'therm',
    uom: 169,
    powerOfTenMultiplier: -3,
    commodity: 7,
    serviceKind: 1,
    measurementKind: 12,
  },
  water: {
    label: 'gal',
    uom: 128,
    powerOfTenMultiplier: -3,
    commodity: 9,
    serviceKind: 2,
    measurementKind: null,
  },
};

/** FlowDirectionKind: 1 forward (delivered to the premise), 19 reverse (sent to the grid). */
export const FLOW_DIRECTION: Record<Direction, number> = { import: 1, export: 19 };
