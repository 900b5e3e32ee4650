// For the usage service: an upload's readings over local dates, to chart it in place of the meter.
import type { UtilityType } from '@gridfront/contracts';
import type { Database } from '../../db/client.ts';
import { addDays, epochDay } from '../../domain/calendar/local-day.ts';
import type { Owner } from '../billing/repository.ts';
import { ianaZoneFor, localMidnightAt } from './local-time-parameters.ts';
import * as repository from './upload-repository.ts';
import { storedLocalTime } from './upload-service.ts';

export interface UploadReadings {
  upload: {
    uploadId: string;
    name: string;
    utilityType: UtilityType;
    unit: string;
    /** IANA zone following the file's LocalTimeParameters (Etc/GMT+5 for a fixed offset); null without. */
    timeZone: string | null;
    intervalSeconds: number | null;
  };
  /** start: unix s; duration: s; value: Wh for electricity, else the upload's unit. */
  readings: { start: number; duration: number; value: number; direction: 'import' | 'export' }[];
}

/**
 * The owner's upload with its readings starting between `from` and `to` ('YYYY-MM-DD', inclusive, in
 * the file's own time zone, UTC when it has none), in start order; null when the upload is not theirs.
 */
export async function readUploadReadings(
  db: Database,
  owner: Owner,
  uploadId: string,
  from?: string,
  to?: string,
): Promise<UploadReadings | null> {
  const row = await repository.findUpload(db, owner, uploadId);
  if (!row) return null;
  const localTime = storedLocalTime(row);
  const midnight = (date: string) => (localTime ? localMidnightAt(localTime, date) : epochDay(date) * 86_400);
  const fromStart = from ? midnight(from) : Number.MIN_SAFE_INTEGER;
  const toStart = to ? midnight(addDays(to, 1)) : Number.MAX_SAFE_INTEGER;
  const rows = await repository.readingRowsBetween(db, row.id, fromStart, toStart);
  const readings: UploadReadings['readings'] = [];
  for (const stored of rows) {
    const direction = stored.direction === 'export' ? 'export' : 'import';
    stored.starts.forEach((start, i) => {
      if (start < fromStart || start >= toStart) return;
      readings.push({ start, duration: stored.durations[i] ?? 0, value: stored.values[i] ?? 0, direction });
    });
  }
  readings.sort(
    (a, b) => a.start - b.start || (a.direction === b.direction ? 0 : a.direction === 'import' ? -1 : 1),
  );
  return {
    upload: {
      uploadId: row.id,
      name: row.name,
      utilityType: row.utilityType as UtilityType,
      unit: row.unit,
      timeZone: localTime ? ianaZoneFor(localTime, row.firstReadingAt.getUTCFullYear()) : null,
      intervalSeconds: row.intervalSeconds,
    },
    readings,
  };
}
