// The interval reads of one meter and month as one byte string (interval_months.intervals).
// Each channel of a day is cut into blocks of 16 intervals; a block stores its minimum (as the change
// from the previous block's minimum, zigzag varint) and every reading as its offset from that
// minimum in as few bits as the block's spread needs. A meter's readings move smoothly within an
// hour, so a reading costs ~10 bits instead of an int4 array's 8 bytes, and the night's zero solar
// production a byte per four hours. Import and export are never both non-zero in one interval of
// a net meter, so they share one signed channel (import − export) when that holds for the day.
// Exact for any int4 readings (negative, zero or large); the migration 0011 has the same encoder in
// PL/pgSQL to convert the rows stored before.

export const CODEC_VERSION = 1;
const BLOCK = 16;
const MAX_READING = 2 ** 31 - 1;
const MIN_READING = -(2 ** 31);

const HAS_EXPORT = 1;
const HAS_GENERATION = 2;
const NET_CHANNEL = 4;

/** One local day of a meter's readings, Wh per interval (92, 96 or 100 on 15-minute meters). */
export interface DayIntervals {
  /** Day of the month, 1–31. */
  dayOfMonth: number;
  importWh: ArrayLike<number>;
  exportWh: ArrayLike<number> | null;
  generationWh: ArrayLike<number> | null;
}

export interface DecodedDay {
  dayOfMonth: number;
  importWh: number[];
  exportWh: number[] | null;
  generationWh: number[] | null;
}

class ByteWriter {
  private bytes = new Uint8Array(4096);
  private length = 0;
  private acc = 0;
  private accBits = 0;

  byte(value: number): void {
    if (this.length === this.bytes.length) {
      const next = new Uint8Array(this.bytes.length * 2);
      next.set(this.bytes);
      this.bytes = next;
    }
    this.bytes[this.length++] = value;
  }

  /** Unsigned LEB128; numbers up to 2^53 (arithmetic, not 32-bit operators). */
  varint(value: number): void {
    let rest = value;
    while (rest >= 128) {
      this.byte((rest % 128) + 128);
      rest = Math.floor(rest / 128);
    }
    this.byte(rest);
  }

  /** `width` low bits of a non-negative `value` (< 2^32), least significant first. */
  bits(value: number, width: number): void {
    if (width > 24) {
      this.bits(value % 65_536, 16);
      this.bits(Math.floor(value / 65_536), width - 16);
      return;
    }
    this.acc |= value << this.accBits;
    this.accBits += width;
    while (this.accBits >= 8) {
      this.byte(this.acc & 255);
      this.acc >>>= 8;
      this.accBits -= 8;
    }
  }

  /** Pads to a whole byte, so a block starts on a byte. */
  align(): void {
    if (this.accBits > 0) this.byte(this.acc & 255);
    this.acc = 0;
    this.accBits = 0;
  }

  finish(): Uint8Array {
    return this.bytes.slice(0, this.length);
  }
}

class ByteReader {
  private offset = 0;
  private acc = 0;
  private accBits = 0;

  constructor(private readonly bytes: Uint8Array) {}

  get done(): boolean {
    return this.offset >= this.bytes.length;
  }

  byte(): number {
    const value = this.bytes[this.offset++];
    if (value === undefined) throw new RangeError('Interval data ends too early');
    return value;
  }

  varint(): number {
    let value = 0;
    let scale = 1;
    for (;;) {
      const b = this.byte();
      value += (b & 127) * scale;
      if (b < 128) return value;
      scale *= 128;
    }
  }

  bits(width: number): number {
    if (width > 24) {
      const low = this.bits(16);
      return low + this.bits(width - 16) * 65_536;
    }
    while (this.accBits < width) {
      this.acc |= this.byte() << this.accBits;
      this.accBits += 8;
    }
    const value = this.acc & ((1 << width) - 1);
    this.acc >>>= width;
    this.accBits -= width;
    return value;
  }

  align(): void {
    this.acc = 0;
    this.accBits = 0;
  }
}

const zigzag = (n: number): number => (n < 0 ? -2 * n - 1 : 2 * n);
const unzigzag = (z: number): number => (z % 2 === 1 ? -(z + 1) / 2 : z / 2);

function bitWidth(spread: number): number {
  let width = 0;
  while (width < 32 && spread >= 2 ** width) width++;
  return width;
}

function writeChannel(out: ByteWriter, values: ArrayLike<number>, count: number): void {
  let previousMin = 0;
  for (let start = 0; start < count; start += BLOCK) {
    const end = Math.min(count, start + BLOCK);
    let min = Number.POSITIVE_INFINITY;
    let max = Number.NEGATIVE_INFINITY;
    for (let i = start; i < end; i++) {
      const v = values[i] ?? 0;
      if (!Number.isInteger(v) || v < MIN_READING || v > MAX_READING)
        throw new RangeError(`Interval reading ${v} is not a 32-bit integer`);
      if (v < min) min = v;
      if (v > max) max = v;
    }
    const width = bitWidth(max - min);
    out.varint(zigzag(min - previousMin) * 64 + width);
    for (let i = start; i < end; i++) out.bits((values[i] ?? 0) - min, width);
    out.align();
    previousMin = min;
  }
}

function readChannel(input: ByteReader, count: number): number[] {
  const values = new Array<number>(count);
  let previousMin = 0;
  for (let start = 0; start < count; start += BLOCK) {
    const head = input.varint();
    const width = head % 64;
    const min = previousMin + unzigzag(Math.floor(head / 64));
    const end = Math.min(count, start + BLOCK);
    for (let i = start; i < end; i++) values[i] = min + input.bits(width);
    input.align();
    previousMin = min;
  }
  return values;
}

/** True when every interval has import or export at zero (and neither negative): one channel holds both. */
function nettable(importWh: ArrayLike<number>, exportWh: ArrayLike<number>, count: number): boolean {
  for (let i = 0; i < count; i++) {
    const imported = importWh[i] ?? 0;
    const exported = exportWh[i] ?? 0;
    if (imported < 0 || exported < 0 || (imported !== 0 && exported !== 0)) return false;
  }
  return true;
}

function writeDay(out: ByteWriter, day: DayIntervals): void {
  const count = day.importWh.length;
  for (const channel of [day.exportWh, day.generationWh])
    if (channel && channel.length !== count)
      throw new RangeError(`Day ${day.dayOfMonth}: channels have different interval counts`);
  const net = day.exportWh !== null && nettable(day.importWh, day.exportWh, count);
  out.byte(day.dayOfMonth);
  out.varint(count);
  out.byte(
    (day.exportWh ? HAS_EXPORT : 0) | (day.generationWh ? HAS_GENERATION : 0) | (net ? NET_CHANNEL : 0),
  );
  if (net && day.exportWh) {
    const netWh = new Array<number>(count);
    for (let i = 0; i < count; i++) netWh[i] = (day.importWh[i] ?? 0) - (day.exportWh[i] ?? 0);
    writeChannel(out, netWh, count);
  } else {
    writeChannel(out, day.importWh, count);
    if (day.exportWh) writeChannel(out, day.exportWh, count);
  }
  if (day.generationWh) writeChannel(out, day.generationWh, count);
}

/** Encodes a month's days (in day order, each day once). */
export function encodeMonth(days: readonly DayIntervals[]): Uint8Array {
  const out = new ByteWriter();
  out.byte(CODEC_VERSION);
  let previous = 0;
  for (const day of days) {
    if (!Number.isInteger(day.dayOfMonth) || day.dayOfMonth <= previous || day.dayOfMonth > 31)
      throw new RangeError(`Days must be in order, once each (day ${day.dayOfMonth})`);
    previous = day.dayOfMonth;
    writeDay(out, day);
  }
  return out.finish();
}

export function decodeMonth(bytes: Uint8Array): DecodedDay[] {
  const input = new ByteReader(bytes);
  const version = input.byte();
  if (version !== CODEC_VERSION) throw new RangeError(`Unknown interval data version ${version}`);
  const days: DecodedDay[] = [];
  while (!input.done) {
    const dayOfMonth = input.byte();
    const count = input.varint();
    const flags = input.byte();
    let importWh: number[];
    let exportWh: number[] | null = null;
    if (flags & NET_CHANNEL) {
      const net = readChannel(input, count);
      importWh = net.map((v) => (v > 0 ? v : 0));
      exportWh = net.map((v) => (v < 0 ? -v : 0));
    } else {
      importWh = readChannel(input, count);
      if (flags & HAS_EXPORT) exportWh = readChannel(input, count);
    }
    const generationWh = flags & HAS_GENERATION ? readChannel(input, count) : null;
    days.push({ dayOfMonth, importWh, exportWh, generationWh });
  }
  return days;
}
