// Green Button uploads: read and check the file, store it for its owner, list and delete. Nothing is
// stored when a file is refused; a file that is readable but not schema-valid is kept with a warning.
import {
  GREEN_BUTTON_MAX_UPLOADS,
  type GreenButtonUpload,
  greenButtonMessages,
  type UtilityType,
} from '@gridfront/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { isoFromEpochDay } from '../../domain/calendar/local-day.ts';
import { HttpError } from '../../plugins/errors.ts';
import type { Owner } from '../billing/repository.ts';
import { GreenButtonFileError, localTimeOf, readEspiFeed } from './espi-reader.ts';
import { interpretUpload } from './espi-upload.ts';
import { type LocalTimeParameters, localDateAt } from './local-time-parameters.ts';
import { checkEspiSchema } from './schema-check.ts';
import * as repository from './upload-repository.ts';

export function storedLocalTime(row: repository.UploadRow): LocalTimeParameters | null {
  if (row.tzOffsetSeconds === null) return null;
  return {
    tzOffset: row.tzOffsetSeconds,
    dstOffset: row.dstOffsetSeconds ?? 0,
    dstStartRule: row.dstStartRule ?? 'FFFFFFFF',
    dstEndRule: row.dstEndRule ?? 'FFFFFFFF',
  };
}

/** The local date of an instant in the upload's own time, or UTC when the file gave none. */
function dateOf(localTime: LocalTimeParameters | null, at: Date): string {
  const seconds = Math.floor(at.getTime() / 1000);
  return localTime ? localDateAt(localTime, seconds) : isoFromEpochDay(Math.floor(seconds / 86_400));
}

export function uploadAnswer(row: repository.UploadRow): GreenButtonUpload {
  const localTime = storedLocalTime(row);
  return {
    uploadId: row.id,
    name: row.name,
    utilityType: row.utilityType as UtilityType,
    unit: row.unit,
    from: dateOf(localTime, row.firstReadingAt),
    to: dateOf(localTime, row.lastReadingAt),
    readings: row.readingCount,
    warnings: row.warnings,
    createdAt: row.createdAt.toISOString(),
  };
}

function cleanName(name: string | undefined, feedTitle: string | null): string {
  const chosen = (name || feedTitle || 'Green Button file').replace(/[\p{Cc}]/gu, '').trim();
  return chosen.slice(0, 200) || 'Green Button file';
}

export async function uploadGreenButton(
  db: Database,
  owner: Owner,
  xml: string,
  fileName: string | undefined,
  log: FastifyBaseLogger,
): Promise<GreenButtonUpload> {
  let parsed: ReturnType<typeof interpretUpload>;
  let feed: ReturnType<typeof readEspiFeed>;
  try {
    feed = readEspiFeed(xml);
    parsed = interpretUpload(feed);
  } catch (error) {
    if (error instanceof GreenButtonFileError) throw new HttpError(422, error.message);
    throw error;
  }
  const warnings = [...parsed.warnings];
  const schema = await checkEspiSchema(xml);
  if (schema.valid === false) {
    warnings.unshift(
      `The file is not valid against the Green Button (ESPI 4.0) schema (${schema.error}); its readings were read anyway.`,
    );
  } else if (schema.valid === null) {
    log.warn({ reason: schema.reason }, 'Green Button schema check did not run');
  }
  const localTime = localTimeOf(feed);
  const first = parsed.readings.reduce((min, r) => Math.min(min, r.start), Number.POSITIVE_INFINITY);
  const last = parsed.readings.reduce((max, r) => Math.max(max, r.start), Number.NEGATIVE_INFINITY);
  const row = await repository.insertUpload(
    db,
    owner,
    {
      name: cleanName(fileName, feed.title),
      utilityType: parsed.utilityType,
      unit: parsed.unit,
      uom: parsed.uom,
      powerOfTenMultiplier: parsed.powerOfTenMultiplier,
      tzOffsetSeconds: localTime?.tzOffset ?? null,
      dstOffsetSeconds: localTime?.dstOffset ?? null,
      dstStartRule: localTime?.dstStartRule ?? null,
      dstEndRule: localTime?.dstEndRule ?? null,
      firstReadingAt: new Date(first * 1000),
      lastReadingAt: new Date(last * 1000),
      intervalSeconds: parsed.intervalSeconds,
      readingCount: parsed.readings.length,
      warnings,
    },
    parsed.readings,
    GREEN_BUTTON_MAX_UPLOADS,
  );
  if (row === 'over-limit') throw new HttpError(409, greenButtonMessages.tooMany);
  return uploadAnswer(row);
}

export async function listGreenButtonUploads(db: Database, owner: Owner) {
  const rows = await repository.listUploads(db, owner);
  return { uploads: rows.map(uploadAnswer) };
}

export async function deleteGreenButtonUpload(db: Database, owner: Owner, uploadId: string) {
  if (!(await repository.deleteUpload(db, owner, uploadId)))
    throw new HttpError(404, greenButtonMessages.notFound);
  return { deleted: true as const };
}
