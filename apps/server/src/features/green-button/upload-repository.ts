// Green Button uploads and their readings. Every query is scoped to the owner (tenant and user), so
// another customer's upload answers exactly like one that does not exist.
import { and, count, desc, eq, gte, lt } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { usageUploadReadings, usageUploads, users } from '../../db/schema/index.ts';
import type { Owner } from '../billing/repository.ts';
import type { UploadReading } from './espi-upload.ts';

export type UploadRow = typeof usageUploads.$inferSelect;
export type NewUpload = Omit<typeof usageUploads.$inferInsert, 'tenantId' | 'userId' | 'id' | 'createdAt'>;

const ownedBy = (owner: Owner) =>
  and(eq(usageUploads.tenantId, owner.tenantId), eq(usageUploads.userId, owner.userId));

/** Readings grouped per direction per UTC day: the stored rows (see the schema's comment). */
function readingRows(owner: Owner, uploadId: string, readings: UploadReading[]) {
  const groups = new Map<string, UploadReading[]>();
  for (const reading of readings) {
    const key = `${reading.direction}|${Math.floor(reading.start / 86_400)}`;
    const group = groups.get(key);
    if (group) group.push(reading);
    else groups.set(key, [reading]);
  }
  return [...groups.values()].map((group) => ({
    tenantId: owner.tenantId,
    uploadId,
    direction: group[0]?.direction ?? 'import',
    firstStart: group[0]?.start ?? 0,
    lastStart: group.at(-1)?.start ?? 0,
    starts: group.map((reading) => reading.start),
    durations: group.map((reading) => reading.duration),
    values: group.map((reading) => reading.value),
  }));
}

/**
 * Stores the upload unless the user already keeps `limit`; the user's row is locked first so two
 * uploads at once cannot both pass the count.
 */
export async function insertUpload(
  db: Database,
  owner: Owner,
  upload: NewUpload,
  readings: UploadReading[],
  limit: number,
): Promise<UploadRow | 'over-limit'> {
  return db.transaction(async (tx: Transaction) => {
    await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, owner.userId), eq(users.tenantId, owner.tenantId)))
      .for('update');
    const [kept] = await tx.select({ n: count() }).from(usageUploads).where(ownedBy(owner));
    if ((kept?.n ?? 0) >= limit) return 'over-limit';
    const [row] = await tx
      .insert(usageUploads)
      .values({ ...upload, tenantId: owner.tenantId, userId: owner.userId })
      .returning();
    if (!row) throw new Error('the upload was not stored');
    const rows = readingRows(owner, row.id, readings);
    // A few hundred rows per statement keeps each insert well under the bind-parameter limit.
    for (let i = 0; i < rows.length; i += 500)
      await tx.insert(usageUploadReadings).values(rows.slice(i, i + 500));
    return row;
  });
}

export function listUploads(db: Database, owner: Owner): Promise<UploadRow[]> {
  return db
    .select()
    .from(usageUploads)
    .where(ownedBy(owner))
    .orderBy(desc(usageUploads.createdAt), desc(usageUploads.id));
}

export async function findUpload(db: Database, owner: Owner, uploadId: string): Promise<UploadRow | null> {
  const [row] = await db
    .select()
    .from(usageUploads)
    .where(and(ownedBy(owner), eq(usageUploads.id, uploadId)))
    .limit(1);
  return row ?? null;
}

/** Deletes the owner's upload (its readings go with it); false when there is none of that id. */
export async function deleteUpload(db: Database, owner: Owner, uploadId: string): Promise<boolean> {
  const deleted = await db
    .delete(usageUploads)
    .where(and(ownedBy(owner), eq(usageUploads.id, uploadId)))
    .returning({ id: usageUploads.id });
  return deleted.length > 0;
}

/** Rows that may hold readings starting in [fromStart, toStart); callers filter the readings exactly. */
export function readingRowsBetween(db: Database, uploadId: string, fromStart: number, toStart: number) {
  return db
    .select({
      direction: usageUploadReadings.direction,
      starts: usageUploadReadings.starts,
      durations: usageUploadReadings.durations,
      values: usageUploadReadings.values,
    })
    .from(usageUploadReadings)
    .where(
      and(
        eq(usageUploadReadings.uploadId, uploadId),
        gte(usageUploadReadings.lastStart, fromStart),
        lt(usageUploadReadings.firstStart, toStart),
      ),
    )
    .orderBy(usageUploadReadings.firstStart);
}
