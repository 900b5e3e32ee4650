// The profiles table: a user's contact details and profile image, always within one tenant.
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { profiles } from '../../db/schema/index.ts';

export type ProfileFields = Pick<
  typeof profiles.$inferInsert,
  'mailingAddress' | 'city' | 'serviceAddress' | 'state' | 'zip' | 'phoneNo' | 'secondaryPhnNo'
>;

const ofUser = (tenantId: string, userId: string) =>
  and(eq(profiles.tenantId, tenantId), eq(profiles.userId, userId));

export async function findProfile(db: Database, tenantId: string, userId: string) {
  const [profile] = await db
    .select({
      mailingAddress: profiles.mailingAddress,
      city: profiles.city,
      serviceAddress: profiles.serviceAddress,
      state: profiles.state,
      zip: profiles.zip,
      phoneNo: profiles.phoneNo,
      secondaryPhnNo: profiles.secondaryPhnNo,
      hasImage: sql<boolean>`${profiles.image} is not null`.mapWith(Boolean),
    })
    .from(profiles)
    .where(ofUser(tenantId, userId))
    .limit(1);
  return profile ?? null;
}

export async function saveProfile(db: Database, tenantId: string, userId: string, fields: ProfileFields) {
  await db
    .insert(profiles)
    .values({ userId, tenantId, ...fields })
    .onConflictDoUpdate({ target: profiles.userId, set: { ...fields, updatedAt: sql`now()` } });
}

export async function deleteProfile(db: Database, tenantId: string, userId: string) {
  await db.delete(profiles).where(ofUser(tenantId, userId));
}

/** Stores the image on an existing profile; false when the user has no profile yet. */
export async function storeProfileImage(
  db: Database,
  tenantId: string,
  userId: string,
  image: { bytes: Buffer; contentType: string },
): Promise<boolean> {
  const updated = await db
    .update(profiles)
    .set({
      image: image.bytes.toString('base64'),
      imageContentType: image.contentType,
      updatedAt: sql`now()`,
    })
    .where(ofUser(tenantId, userId))
    .returning({ userId: profiles.userId });
  return updated.length > 0;
}

export async function findProfileImage(
  db: Database,
  tenantId: string,
  userId: string,
): Promise<{ bytes: Buffer; contentType: string } | null> {
  const [row] = await db
    .select({ image: profiles.image, contentType: profiles.imageContentType })
    .from(profiles)
    .where(ofUser(tenantId, userId))
    .limit(1);
  if (!row?.image || !row.contentType) return null;
  return { bytes: Buffer.from(row.image, 'base64'), contentType: row.contentType };
}
