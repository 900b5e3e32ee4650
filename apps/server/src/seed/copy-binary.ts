// PostgreSQL's COPY BINARY stream for interval_reads: parsing binary int4 arrays is ~25 % cheaper
// than text in PGlite, and building it needs no number-to-string conversion.
const POSTGRES_EPOCH_DAY = 10_957; // 2000-01-01 in days since 1970-01-01

export function uuidBytes(uuid: string): Uint8Array {
  const hex = uuid.replace(/-/g, '');
  const bytes = new Uint8Array(16);
  for (let i = 0; i < 16; i++) bytes[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

/** Builds a COPY BINARY stream of interval_reads rows (header, tuples, trailer). */
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

  private int4Array(values: Int32Array): void {
    const view = this.view;
    let o = this.offset;
    view.setInt32(o, 20 + values.length * 8);
    view.setInt32(o + 4, 1); // dimensions
    view.setInt32(o + 8, 0); // no nulls
    view.setInt32(o + 12, 23); // int4 oid
    view.setInt32(o + 16, values.length);
    view.setInt32(o + 20, 1); // lower bound
    o += 24;
    for (let i = 0; i < values.length; i++) {
      view.setInt32(o, 4);
      view.setInt32(o + 4, values[i] ?? 0);
      o += 8;
    }
    this.offset = o;
  }

  add(
    tenant: Uint8Array,
    meter: Uint8Array,
    epochDay: number,
    importWh: Int32Array,
    exportWh: Int32Array | null,
    importTotal: number,
    exportTotal: number,
  ): void {
    this.ensure(80 + (importWh.length + (exportWh?.length ?? 0)) * 8 + 48);
    const view = this.view;
    view.setInt16(this.offset, 8);
    view.setInt32(this.offset + 2, 16);
    this.bytes.set(tenant, this.offset + 6);
    view.setInt32(this.offset + 22, 16);
    this.bytes.set(meter, this.offset + 26);
    view.setInt32(this.offset + 42, 4);
    view.setInt32(this.offset + 46, epochDay - POSTGRES_EPOCH_DAY);
    this.offset += 50;
    this.int4Array(importWh);
    if (exportWh) this.int4Array(exportWh);
    else {
      view.setInt32(this.offset, -1);
      this.offset += 4;
    }
    view.setInt32(this.offset, 4);
    view.setInt32(this.offset + 4, importTotal);
    view.setInt32(this.offset + 8, 4);
    view.setInt32(this.offset + 12, exportTotal);
    view.setInt32(this.offset + 16, 1);
    this.bytes[this.offset + 20] = 0;
    this.offset += 21;
    this.rows++;
  }

  finish(): Uint8Array {
    this.ensure(2);
    this.view.setInt16(this.offset, -1);
    this.offset += 2;
    return this.bytes.subarray(0, this.offset);
  }
}
