// The tenants whose meters and bills the demo generates. Rule: a tenant is generated when its slug
// is the demo's and its id is the one the seed draws for DEFAULT_SEED (what every start-up seed and
// `npm run seed` use by default). A real utility's tenant has a database-made random id, so its reads
// and bills, which come from its billing system, are never touched.
import { asc, eq, min } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { tenants, weatherDaily } from '../../db/schema/index.ts';
import { demoTenantIdFor } from '../../seed/generated-tenant.ts';
import { DEFAULT_SEED, DEMO_TENANT_SLUG } from '../../seed/index.ts';

export type Tenant = typeof tenants.$inferSelect;

export interface GeneratedTenant {
  tenant: Tenant;
  seed: number;
  /** First day of the generated history (the seed's first weather day): every stream starts there. */
  startDate: string;
}

export async function generatedTenants(db: Database, seeds: readonly number[] = [DEFAULT_SEED]) {
  const rows = await db
    .select()
    .from(tenants)
    .where(eq(tenants.slug, DEMO_TENANT_SLUG))
    .orderBy(asc(tenants.id));
  const found: GeneratedTenant[] = [];
  for (const tenant of rows) {
    const seed = seeds.find((candidate) => demoTenantIdFor(candidate) === tenant.id);
    if (seed === undefined) continue;
    const [first] = await db
      .select({ day: min(weatherDaily.day) })
      .from(weatherDaily)
      .where(eq(weatherDaily.tenantId, tenant.id));
    if (!first?.day) continue;
    found.push({ tenant, seed, startDate: first.day });
  }
  return found;
}
