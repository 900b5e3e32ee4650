// Reads a load CSV (start,import_kwh[,export_kwh]) into interval readings on the local clock that
// each row's UTC offset gives. Every problem is reported with the line it is on.
import { daysInMonth, epochDay } from '../../calendar/local-day.ts';
import type { IntervalReading } from '../aggregate-usage.ts';

export class LoadCsvError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(`line ${line}: ${message}`);
    this.name = 'LoadCsvError';
  }
}

export interface LoadReading extends IntervalReading {
  /** Line of the CSV the reading came from (1 = header). */
  line: number;
  /** Absolute start time, ms since the epoch. */
  startMs: number;
}

const COLUMNS = ['start', 'import_kwh', 'export_kwh'] as const;
const INTERVAL_MINUTES = [15, 60];
const ISO_WITH_OFFSET =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?(Z|[+-]\d{2}:?\d{2})$/;
const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

function unquote(cell: string): string {
  const trimmed = cell.trim();
  return trimmed.length >= 2 && trimmed.startsWith('"') && trimmed.endsWith('"')
    ? trimmed.slice(1, -1)
    : trimmed;
}

/** Column positions from the header; an unknown unit or column is an error, so is a missing one. */
function readHeader(header: string): Map<string, number> {
  const columns = new Map<string, number>();
  header.split(',').forEach((raw, index) => {
    const name = unquote(raw).toLowerCase();
    const energy = /^(import|export)_(.+)$/.exec(name);
    if (energy && energy[2] !== 'kwh') {
      throw new LoadCsvError(
        1,
        `column ${unquote(raw)} has unknown unit "${energy[2]}": energy must be in kWh (import_kwh, export_kwh)`,
      );
    }
    if (!(COLUMNS as readonly string[]).includes(name)) {
      throw new LoadCsvError(
        1,
        `unexpected column "${unquote(raw)}": the header is start,import_kwh[,export_kwh]`,
      );
    }
    if (columns.has(name)) throw new LoadCsvError(1, `column ${name} appears twice`);
    columns.set(name, index);
  });
  for (const required of ['start', 'import_kwh']) {
    if (!columns.has(required))
      throw new LoadCsvError(1, `missing column ${required}: the header is start,import_kwh[,export_kwh]`);
  }
  return columns;
}

function parseStart(
  text: string,
  line: number,
): { startMs: number; date: string; hour: number; minute: number } {
  const match = ISO_WITH_OFFSET.exec(text);
  if (!match) {
    throw new LoadCsvError(
      line,
      `start "${text}" is not an ISO-8601 time with a UTC offset, e.g. 2025-01-01T00:15:00-08:00`,
    );
  }
  const [, y, mo, d, h, mi, s = '0', fraction = '0', offset = 'Z'] = match;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  const hour = Number(h);
  const minute = Number(mi);
  const second = Number(s);
  const offsetMinutes =
    offset === 'Z'
      ? 0
      : (offset.startsWith('-') ? -1 : 1) * (Number(offset.slice(1, 3)) * 60 + Number(offset.slice(-2)));
  if (
    month < 1 ||
    month > 12 ||
    day < 1 ||
    day > daysInMonth(year, month) ||
    hour > 23 ||
    minute > 59 ||
    second > 59 ||
    Math.abs(offsetMinutes) > 14 * 60 ||
    Number(offset.slice(-2)) > 59
  ) {
    throw new LoadCsvError(line, `start "${text}" is not a valid date and time`);
  }
  if (second !== 0 || Number(fraction) !== 0) {
    throw new LoadCsvError(line, `start "${text}" must fall on a whole minute`);
  }
  const date = `${y}-${mo}-${d}`;
  const startMs = (epochDay(date) * 1440 + hour * 60 + minute - offsetMinutes) * 60_000;
  return { startMs, date, hour, minute };
}

function parseKwh(text: string | undefined, column: string, line: number, emptyAsZero: boolean): number {
  const cell = unquote(text ?? '');
  if (cell === '' && emptyAsZero) return 0;
  if (!DECIMAL.test(cell)) throw new LoadCsvError(line, `${column} "${cell}" is not a number`);
  const value = Number(cell);
  if (!Number.isFinite(value)) throw new LoadCsvError(line, `${column} "${cell}" is not a finite number`);
  if (value < 0) throw new LoadCsvError(line, `${column} ${cell} is negative`);
  return value;
}

/**
 * Parses the CSV text. Rows must be in time order without overlaps; all intervals have one length,
 * 15 or 60 minutes, taken from the smallest step between rows (a larger step is missing data).
 */
export function parseLoadCsv(text: string): LoadReading[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const header = lines[0] ?? '';
  if (header.trim() === '') throw new LoadCsvError(1, 'missing header start,import_kwh[,export_kwh]');
  const columns = readHeader(header);
  const startColumn = columns.get('start') ?? 0;
  const importColumn = columns.get('import_kwh') ?? 1;
  const exportColumn = columns.get('export_kwh');
  const rows: Array<Omit<LoadReading, 'minutes'> & { minute: number }> = [];
  for (let index = 1; index < lines.length; index++) {
    const raw = lines[index] ?? '';
    if (raw.trim() === '') continue;
    const line = index + 1;
    const cells = raw.split(',');
    if (cells.length !== columns.size) {
      throw new LoadCsvError(line, `expected ${columns.size} values, found ${cells.length}`);
    }
    const start = parseStart(unquote(cells[startColumn] ?? ''), line);
    const previous = rows.at(-1);
    if (previous && start.startMs <= previous.startMs) {
      throw new LoadCsvError(
        line,
        `starts at ${unquote(cells[startColumn] ?? '')}, not after the row on line ${previous.line}: rows must be sorted by time, each interval once`,
      );
    }
    rows.push({
      line,
      startMs: start.startMs,
      date: start.date,
      hour: start.hour,
      minute: start.minute,
      importKwh: parseKwh(cells[importColumn], 'import_kwh', line, false),
      exportKwh: exportColumn === undefined ? 0 : parseKwh(cells[exportColumn], 'export_kwh', line, true),
    });
  }
  if (rows.length === 0) throw new LoadCsvError(2, 'no intervals after the header');
  if (rows.length === 1) {
    throw new LoadCsvError(
      rows[0]?.line ?? 2,
      'a single interval: its length (15 or 60 minutes) cannot be told',
    );
  }
  let minutes = Number.POSITIVE_INFINITY;
  let shortest = rows[1];
  for (let i = 1; i < rows.length; i++) {
    const step = ((rows[i]?.startMs ?? 0) - (rows[i - 1]?.startMs ?? 0)) / 60_000;
    if (step < minutes) {
      minutes = step;
      shortest = rows[i];
    }
  }
  if (!INTERVAL_MINUTES.includes(minutes)) {
    throw new LoadCsvError(
      shortest?.line ?? 2,
      `starts ${minutes} minutes after the previous row: intervals overlap or are not 15 or 60 minutes long`,
    );
  }
  return rows.map(({ minute, ...row }) => {
    if (minute % minutes !== 0) {
      throw new LoadCsvError(
        row.line,
        `a ${minutes}-minute interval must start on the local ${minutes}-minute grid, not at minute ${minute}`,
      );
    }
    return { ...row, minutes };
  });
}
