// The tenant's payment platforms (spec points 1 and 7): the list, and switching the active one.
// Only a platform with a configured adapter can become active; the others stay listed but are
// refused with a clear message, never faked.
import { checkoutMessages, type PaymentPlatform, TEST_PROCESSOR_PLATFORM_KEY } from '@gridfront/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { paymentPlatforms, users } from '../../db/schema/index.ts';
import { HttpError } from '../../plugins/errors.ts';

/**
 * Platforms this build can take payments with: the built-in test processor. The app's processors
 * (app.paymentProcessors, processor-registry.ts) start with these; a real provider's adapter
 * registers its key there.
 */
export const CONFIGURED_ADAPTERS: readonly string[] = [TEST_PROCESSOR_PLATFORM_KEY];

export const platformMessages = {
  adminOnly: 'Only an administrator can change the payment platform',
  unknown: 'Unknown payment platform',
  noAdapter: (key: string) => `No payment adapter is configured for ${key}`,
  updated: 'Payment platform updated',
  unavailable: checkoutMessages.unavailable,
} as const;

export async function listPlatforms(db: Database, tenantId: string): Promise<PaymentPlatform[]> {
  return db
    .select({
      platformKey: paymentPlatforms.platformKey,
      name: paymentPlatforms.name,
      isEnable: paymentPlatforms.isEnable,
    })
    .from(paymentPlatforms)
    .where(eq(paymentPlatforms.tenantId, tenantId))
    .orderBy(asc(paymentPlatforms.sortOrder), asc(paymentPlatforms.platformKey));
}

export async function roleOf(db: Database, tenantId: string, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ role: users.role })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.tenantId, tenantId)))
    .limit(1);
  return row?.role ?? null;
}

/** Makes `platformKey` the active platform: the only enabled one, first in the list. */
export async function activatePlatform(
  db: Database,
  tenantId: string,
  userId: string,
  platformKey: string,
  adapters: readonly string[] = CONFIGURED_ADAPTERS,
): Promise<PaymentPlatform[]> {
  if ((await roleOf(db, tenantId, userId)) !== 'admin') throw new HttpError(403, platformMessages.adminOnly);
  const platforms = await listPlatforms(db, tenantId);
  if (!platforms.some((platform) => platform.platformKey === platformKey)) {
    throw new HttpError(400, platformMessages.unknown);
  }
  if (!adapters.includes(platformKey)) throw new HttpError(409, platformMessages.noAdapter(platformKey));
  await db.transaction(async (tx) => {
    await tx
      .update(paymentPlatforms)
      .set({
        isEnable: sql`${paymentPlatforms.platformKey} = ${platformKey}`,
        // The active one first, the others keep their order behind it.
        sortOrder: sql`case when ${paymentPlatforms.platformKey} = ${platformKey} then -1 else ${paymentPlatforms.sortOrder} end`,
      })
      .where(eq(paymentPlatforms.tenantId, tenantId));
    // Renumber 0..n-1 so the order stays small and stable.
    await tx.execute(sql`
      update payment_platforms p set sort_order = ranked.position - 1
      from (select id, row_number() over (order by sort_order, platform_key) as position
            from payment_platforms where tenant_id = ${tenantId}) ranked
      where p.id = ranked.id`);
  });
  return listPlatforms(db, tenantId);
}

export interface ActivePlatform {
  platformKey: string;
  name: string;
  /** The built-in test processor: every screen that takes money through it says "test mode". */
  testMode: boolean;
}

/** The platform payments go through now: the first enabled one, if an adapter exists for it. */
export async function activePlatform(
  db: Database,
  tenantId: string,
  adapters: readonly string[] = CONFIGURED_ADAPTERS,
): Promise<ActivePlatform> {
  const active = (await listPlatforms(db, tenantId)).find((platform) => platform.isEnable);
  if (!active || !adapters.includes(active.platformKey)) {
    throw new HttpError(503, platformMessages.unavailable);
  }
  return {
    platformKey: active.platformKey,
    name: active.name,
    testMode: active.platformKey === TEST_PROCESSOR_PLATFORM_KEY,
  };
}
