// POST /gridx/compareCalculate and GET /gridx/compareResult/{id}: the customer's own last 12 months
// priced under every plan the utility offers them (domain/rate-comparison), saved under an id that
// only the same user can open again. A retried calculation (same idempotency key) answers the
// result saved the first time, so a double click never saves two.
import { isDeepStrictEqual } from 'node:util';
import {
  type CompareResult,
  type compareCalculateRequest,
  contactMessages,
  rateComparisonMessages as messages,
} from '@gridfront/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { meters, rateComparisons } from '../../db/schema/index.ts';
import { daysBetweenInclusive } from '../../domain/calendar/local-day.ts';
import {
  compareRates,
  type DayWeather,
  lastTwelveMonths,
  type RateComparison,
  type ReferenceProfile,
} from '../../domain/rate-comparison/index.ts';
import { HttpError } from '../../plugins/errors.ts';
import { type Owner, ownedAccountId } from '../billing/repository.ts';
import { readUploadReadings } from '../green-button/read-upload-readings.ts';
import { lastReadDateSql, readIntervalDays } from '../meter-reads/meter-reads.ts';
import { findUsageService, type UsageService } from '../usage/usage-scope.ts';
import {
  electricTariffs,
  type OfferedTariff,
  similarHomesProfile,
  weatherDays,
} from './comparison-inputs.ts';
import { ProfileAccumulator, uploadDays } from './reference-profiles.ts';

type CalculateBody = z.output<typeof compareCalculateRequest>;
type StoredResult = Omit<CompareResult, 'id' | 'createdAt'>;

interface ComparisonContext {
  db: Database;
  owner: Owner;
  timeZone: string;
  reply?: FastifyReply;
}

function answerOf(row: { id: string; createdAt: Date; result: Record<string, unknown> }): CompareResult {
  return { ...(row.result as unknown as StoredResult), id: row.id, createdAt: row.createdAt.toISOString() };
}

async function findSaved(db: Database, owner: Owner, where: { id?: string; idempotencyKey?: string }) {
  const [row] = await db
    .select()
    .from(rateComparisons)
    .where(
      and(
        eq(rateComparisons.tenantId, owner.tenantId),
        eq(rateComparisons.userId, owner.userId),
        where.id ? eq(rateComparisons.id, where.id) : undefined,
        where.idempotencyKey ? eq(rateComparisons.idempotencyKey, where.idempotencyKey) : undefined,
      ),
    )
    .limit(1);
  return row ?? null;
}

/** A saved result of the signed-in user's; anyone else's (or none) is 404, alike. */
export async function savedComparison(db: Database, owner: Owner, id: string): Promise<CompareResult> {
  const row = await findSaved(db, owner, { id });
  if (!row) throw new HttpError(404, messages.notFound);
  return answerOf(row);
}

async function requireIntervalService(db: Database, owner: Owner, accountId: string): Promise<UsageService> {
  const service = await findUsageService(db, owner, accountId, 'electricity');
  if (!service) {
    const owned = await ownedAccountId(db, owner, accountId);
    throw new HttpError(owned ? 400 : 404, owned ? messages.noIntervalData : messages.accountNotFound);
  }
  if (!service.meterId || service.intervalMinutes !== 15 || !service.tariffId)
    throw new HttpError(400, messages.noIntervalData);
  return service;
}

async function lastReadDate(db: Database, meterId: string): Promise<string | null> {
  const [row] = await db
    .select({ last: lastReadDateSql(meters.id) })
    .from(meters)
    .where(eq(meters.id, meterId));
  return row?.last ?? null;
}

/** The upload's days as a profile; months it does not cover come from similar homes. */
async function uploadProfile(
  context: ComparisonContext,
  uploadId: string,
  fallback: ReferenceProfile | null,
): Promise<ReferenceProfile> {
  const found = await readUploadReadings(context.db, context.owner, uploadId);
  if (!found) throw new HttpError(404, messages.uploadNotFound);
  if (found.upload.utilityType !== 'electricity') throw new HttpError(400, messages.uploadNotElectric);
  const accumulator = new ProfileAccumulator();
  for (const day of uploadDays(found.readings, found.upload.timeZone ?? context.timeZone))
    accumulator.add(day);
  if (accumulator.months().length === 0) throw new HttpError(400, messages.uploadNotElectric);
  return accumulator.profile(fallback ?? undefined);
}

function toStored(
  comparison: RateComparison,
  offered: readonly OfferedTariff[],
  service: UsageService,
  estimateSource: CompareResult['estimateSource'],
  uploadId: string | null,
): StoredResult {
  const tariffById = new Map(offered.map((tariff) => [tariff.id, tariff]));
  const { ev, solar, battery, shift } = comparison.assumptions;
  return {
    accountId: service.accountId,
    accountNumber: service.accountNumber,
    timeZone: comparison.timeZone,
    periods: comparison.periods,
    estimatedMonths: comparison.estimatedMonths,
    estimateSource: comparison.estimatedMonths.length > 0 ? estimateSource : null,
    uploadId,
    assumptions: {
      ev,
      // The premise's coordinates stay on the server: the page needs only what the customer can change.
      solar: solar
        ? {
            kw: solar.kw,
            tiltDeg: solar.tiltDeg,
            azimuthDeg: solar.azimuthDeg,
            systemDerate: solar.systemDerate,
          }
        : null,
      battery,
      shift,
    },
    plans: comparison.plans.map((plan) => ({
      ...plan,
      code: tariffById.get(plan.tariffId)?.code ?? '',
      description: tariffById.get(plan.tariffId)?.description ?? '',
    })),
  };
}

/** The same request under the same key gets the first answer; another request under it is refused. */
function sameRequest(stored: Record<string, unknown>, body: CalculateBody): boolean {
  const { idempotencyKey: _key, ...asked } = body;
  // As JSON: what the database kept of it (jsonb orders keys its own way, which deep equality ignores).
  return isDeepStrictEqual(stored, JSON.parse(JSON.stringify(asked)));
}

export async function calculateComparison(
  context: ComparisonContext,
  body: CalculateBody,
): Promise<CompareResult> {
  const { db, owner, timeZone } = context;
  const earlier = await findSaved(db, owner, { idempotencyKey: body.idempotencyKey });
  if (earlier) return replay(context, earlier, body);

  const service = await requireIntervalService(db, owner, body.accountId);
  const meterId = service.meterId as string;
  // The 12 months end with the meter's last complete month, whatever day the meter has reached.
  const lastDay = await lastReadDate(db, meterId);
  if (!lastDay) throw new HttpError(400, messages.notEnoughData);
  const periods = lastTwelveMonths(lastDay);
  const first = periods[0]?.periodStart ?? lastDay;
  const last = periods.at(-1)?.periodEnd ?? lastDay;
  const days = await readIntervalDays(db, meterId, first, last);
  const ownDays = days.length;
  const missingDays = ownDays < daysBetweenInclusive(first, last);

  let referenceProfile: ReferenceProfile | undefined;
  let estimateSource: CompareResult['estimateSource'] = null;
  if (missingDays || body.uploadId) {
    const similar = await similarHomesProfile(db, owner.tenantId, service.propertyType, first, last);
    if (body.uploadId) {
      referenceProfile = await uploadProfile(context, body.uploadId, similar);
      estimateSource = 'upload';
    } else if (similar) {
      referenceProfile = similar;
      estimateSource = 'similarHomes';
    }
  }
  if (missingDays && !referenceProfile) throw new HttpError(400, messages.notEnoughData);

  const offered = await electricTariffs(db, owner.tenantId, lastDay, service.tariffId as string);
  const current = offered.find((tariff) => tariff.id === service.tariffId);
  if (!current) throw new HttpError(400, messages.noIntervalData);
  const site =
    service.latitude !== null && service.longitude !== null
      ? { latitude: service.latitude, longitude: service.longitude }
      : undefined;
  const weather: DayWeather[] = body.whatIfs.solar ? await weatherDays(db, owner.tenantId, first, last) : [];

  let comparison: RateComparison;
  try {
    comparison = compareRates({
      days,
      timeZone,
      tariffs: offered,
      currentTariffId: current.id,
      sector: current.sector,
      billingPeriods: periods,
      referenceProfile,
      site,
      weather,
      whatIfs: body.whatIfs,
    });
  } catch (error) {
    // The engine states what it cannot price (e.g. solar without the premise's location) in words.
    if (error instanceof RangeError) throw new HttpError(400, error.message);
    throw error;
  }

  const { idempotencyKey, ...asked } = body;
  const result = toStored(comparison, offered, service, estimateSource, body.uploadId ?? null);
  const [saved] = await db
    .insert(rateComparisons)
    .values({
      tenantId: owner.tenantId,
      userId: owner.userId,
      accountId: service.accountId,
      idempotencyKey,
      request: asked,
      result: result as unknown as Record<string, unknown>,
    })
    .onConflictDoNothing()
    .returning();
  if (saved) return answerOf(saved);
  // Another request with this key saved first (two tabs, a retry racing the original).
  const winner = await findSaved(db, owner, { idempotencyKey });
  if (!winner) throw new HttpError(409, messages.notFound);
  return replay(context, winner, body);
}

function replay(
  context: ComparisonContext,
  row: NonNullable<Awaited<ReturnType<typeof findSaved>>>,
  body: CalculateBody,
): CompareResult {
  if (!sameRequest(row.request, body)) throw new HttpError(409, contactMessages.idempotencyKeyReused);
  context.reply?.header('idempotent-replayed', 'true');
  return answerOf(row);
}
