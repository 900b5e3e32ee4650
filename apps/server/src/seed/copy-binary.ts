// PostgreSQL's COPY BINARY stream for interval_months: the encoded readings go in as raw bytes (no
// hex text to parse) and building it needs no number-to-string conversion.

import { epochDay } from '../domain/calendar/local-day.ts';
import type { IntervalMonthRow } from '../features/meter-reads/month-rows.ts';

const POSTGRES_EPOCH_DAY = 10_957; // 2000-01-01 in days since 1970-01-01
const INT8_OID = 20;

export function uuidBytes(uuid: string): Uint8Array {
  const hex = uuid.replace(/-/g, '');
  const bytes = new Uint8Array(16);
  for (let i = 0; i < 16; i++) bytes[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

/** Builds a COPY BINARY stream of interval_months rows (header, tuples, trailer). */
export class BinaryIntervalBuffer {
  private buffer = new ArrayBuffer(1 << 22);
  private view = new DataView(this.buffer);
  private bytes = new Uint8Array(this.buffer);
  private offset = 0;
  rows = 0;

  constructor() {
    this.reset();
  }

  reset(): void {
    this.offset = 0;
    this.rows = 0;
    this.bytes.set([0x50, 0x47, 0x43, 0x4f, 0x50, 0x59, 0x0a, 0xff, 0x0d, 0x0a, 0x00], 0);
    this.view.setInt32(11, 0);
    this.view.setInt32(15, 0);
    this.offset = 19;
  }

  private ensure(extra: number): void {
    if (this.offset + extra <= this.buffer.byteLength) return;
    let size = this.buffer.byteLength * 2;
    while (size < this.offset + extra) size *= 2;
    const next = new ArrayBuffer(size);
    new Uint8Array(next).set(this.bytes.subarray(0, this.offset));
    this.buffer = next;
    this.view = new DataView(next);
    this.bytes = new Uint8Array(next);
  }

  /** An int8[] field (or NULL), nulls kept. */
  private int8Array(values: (number | null)[] | null): void {
    const view = this.view;
    let o = this.offset;
    if (values === null) {
      view.setInt32(o, -1);
      this.offset = o + 4;
      return;
    }
    const nulls = values.filter((v) => v === null).length;
    view.setInt32(o, 20 + values.length * 12 - nulls * 8);
    view.setInt32(o + 4, 1); // dimensions
    view.setInt32(o + 8, nulls > 0 ? 1 : 0);
    view.setInt32(o + 12, INT8_OID);
    view.setInt32(o + 16, values.length);
    view.setInt32(o + 20, 1); // lower bound
    o += 24;
    for (const value of values) {
      if (value === null) {
        view.setInt32(o, -1);
        o += 4;
      } else {
        view.setInt32(o, 8);
        view.setBigInt64(o + 4, BigInt(value));
        o += 12;
      }
    }
    this.offset = o;
  }

  add(tenant: Uint8Array, meter: Uint8Array, row: IntervalMonthRow): void {
    const arrays = [row.importDayWh, row.exportDayWh, row.generationDayWh];
    this.ensure(80 + arrays.reduce((n, a) => n + 24 + (a?.length ?? 0) * 12, 0) + row.intervals.length + 16);
    const view = this.view;
    view.setInt16(this.offset, 8);
    view.setInt32(this.offset + 2, 16);
    this.bytes.set(tenant, this.offset + 6);
    view.setInt32(this.offset + 22, 16);
    this.bytes.set(meter, this.offset + 26);
    view.setInt32(this.offset + 42, 4);
    view.setInt32(this.offset + 46, epochDay(row.month) - POSTGRES_EPOCH_DAY);
    this.offset += 50;
    for (const values of arrays) this.int8Array(values);
    view.setInt32(this.offset, 4);
    view.setInt32(this.offset + 4, row.estimatedDays);
    view.setInt32(this.offset + 8, row.intervals.length);
    this.bytes.set(row.intervals, this.offset + 12);
    this.offset += 12 + row.intervals.length;
    this.rows++;
  }

  finish(): Uint8Array {
    this.ensure(2);
    this.view.setInt16(this.offset, -1);
    this.offset += 2;
    return this.bytes.subarray(0, this.offset);
  }
}
