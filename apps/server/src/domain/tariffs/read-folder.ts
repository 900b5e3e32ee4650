// Folds interval reads, in time order, into energy per TOU period and demand peaks.
import { dayOfWeek, monthIndex } from '../calendar/local-day.ts';
import type { AggregatedUsage } from './aggregate-usage.ts';
import type { UrdbRateStructure } from './urdb.ts';

const FLAT_SCHEDULE_ROW: readonly number[] = new Array<number>(24).fill(0);

export function scheduleRow(schedule: number[][] | undefined, month: number): readonly number[] {
  return schedule?.[month] ?? FLAT_SCHEDULE_ROW;
}

/**
 * Sums reads (in time order) per energy period and finds the demand peaks. Reads are grouped by
 * local clock hour: under "Net Billing Hourly" import and export net within each hour before
 * pricing, and with a 60-minute demandwindow demand is the hour's energy (block hour, not rolling).
 * Plain fields rather than objects per read: seeding folds millions of reads.
 */
export class ReadFolder {
  private readonly netHourly: boolean;
  private readonly demandWindow: number | undefined;
  private readonly importByPeriod: Float64Array;
  private readonly exportByPeriod: Float64Array;
  private readonly peakByDemandPeriod: number[];
  private peakDemandKw = 0;
  private date = '';
  private energyRow: readonly number[] = FLAT_SCHEDULE_ROW;
  private demandRow: readonly number[] = FLAT_SCHEDULE_ROW;
  // The clock hour being summed; -1 when none.
  private hour = -1;
  private imported = 0;
  private exported = 0;
  private minutes = 0;
  private hourPeakKw = 0;

  constructor(
    private readonly tariff: UrdbRateStructure,
    private readonly unitsPerKwh: number,
    private readonly energyPeriods: number,
    demandPeriods: number,
  ) {
    this.netHourly = tariff.dgrules?.trim() === 'Net Billing Hourly';
    this.demandWindow = tariff.demandwindow;
    this.importByPeriod = new Float64Array(energyPeriods);
    this.exportByPeriod = new Float64Array(energyPeriods);
    this.peakByDemandPeriod = new Array<number>(demandPeriods).fill(0);
  }

  add(date: string, hour: number, minutes: number, imported: number, exported: number): void {
    if (this.demandWindow === 15 && minutes > 15) {
      throw new RangeError(
        `The tariff's 15-minute demandwindow needs 15-minute reads, not ${minutes}-minute ones`,
      );
    }
    if (date !== this.date || hour !== this.hour) {
      this.flush();
      if (date !== this.date) this.startDay(date);
      this.hour = hour;
    }
    this.imported += imported;
    this.exported += exported;
    this.minutes += minutes;
    const readKw = (imported * (60 / minutes)) / this.unitsPerKwh;
    if (readKw > this.hourPeakKw) this.hourPeakKw = readKw;
  }

  private startDay(date: string): void {
    this.date = date;
    const month = monthIndex(date);
    const weekday = dayOfWeek(date);
    const weekend = weekday === 0 || weekday === 6;
    const tariff = this.tariff;
    this.energyRow = scheduleRow(
      weekend ? tariff.energyweekendschedule : tariff.energyweekdayschedule,
      month,
    );
    this.demandRow = scheduleRow(
      weekend ? tariff.demandweekendschedule : tariff.demandweekdayschedule,
      month,
    );
  }

  private flush(): void {
    if (this.hour < 0) return;
    const p = this.energyRow[this.hour] ?? 0;
    if (this.netHourly) {
      const net = this.imported - this.exported;
      if (net > 0) this.importByPeriod[p] = (this.importByPeriod[p] ?? 0) + net;
      else this.exportByPeriod[p] = (this.exportByPeriod[p] ?? 0) - net;
    } else {
      this.importByPeriod[p] = (this.importByPeriod[p] ?? 0) + this.imported;
      this.exportByPeriod[p] = (this.exportByPeriod[p] ?? 0) + this.exported;
    }
    const demandKw =
      this.demandWindow === 60 ? this.imported / this.unitsPerKwh / (this.minutes / 60) : this.hourPeakKw;
    if (demandKw > this.peakDemandKw) this.peakDemandKw = demandKw;
    const dp = this.demandRow[this.hour] ?? 0;
    if (demandKw > (this.peakByDemandPeriod[dp] ?? 0)) this.peakByDemandPeriod[dp] = demandKw;
    this.hour = -1;
    this.imported = 0;
    this.exported = 0;
    this.minutes = 0;
    this.hourPeakKw = 0;
  }

  result(): AggregatedUsage {
    this.flush();
    const energyByPeriod = new Array<number>(this.energyPeriods).fill(0);
    const exportByPeriod = new Array<number>(this.energyPeriods).fill(0);
    let totalImport = 0;
    let totalExport = 0;
    for (let p = 0; p < this.energyPeriods; p++) {
      const imported = this.importByPeriod[p] ?? 0;
      const exported = this.exportByPeriod[p] ?? 0;
      energyByPeriod[p] = imported / this.unitsPerKwh;
      exportByPeriod[p] = exported / this.unitsPerKwh;
      totalImport += imported;
      totalExport += exported;
    }
    return {
      energyByPeriod,
      exportByPeriod,
      totalImport: totalImport / this.unitsPerKwh,
      totalExport: totalExport / this.unitsPerKwh,
      peakDemandKw: this.peakDemandKw,
      peakByDemandPeriod: this.peakByDemandPeriod,
    };
  }
}
