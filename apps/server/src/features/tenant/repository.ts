import type { TenantConfigResponse } from '@gridfront/contracts';
import { offeredLanguages } from '@gridfront/contracts/admin-languages';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { paymentPlatforms } from '../../db/schema/index.ts';
import { sideAreaIsOn } from '../../plugins/side-area.ts';
import type { Tenant } from '../../plugins/tenant.ts';
import { autopayRulesOf } from '../admin/settings-rules.ts';

export async function loadTenantConfig(db: Database, tenant: Tenant): Promise<TenantConfigResponse> {
  const autopay = autopayRulesOf(tenant);
  const platforms = await db
    .select({
      platformKey: paymentPlatforms.platformKey,
      name: paymentPlatforms.name,
      isEnable: paymentPlatforms.isEnable,
    })
    .from(paymentPlatforms)
    .where(eq(paymentPlatforms.tenantId, tenant.id))
    .orderBy(asc(paymentPlatforms.sortOrder), asc(paymentPlatforms.platformKey));
  return {
    name: tenant.name,
    defaultTheme: tenant.defaultTheme,
    timeZone: tenant.timeZone,
    currency: tenant.currency,
    contentLanguage: tenant.contentLanguage,
    features: tenant.features,
    contact: tenant.contact,
    legal: { privacyPolicy: '', termsOfUse: '', ...tenant.legal },
    fees: { cardFeeBasisPoints: tenant.fees.cardFeeBasisPoints, achFeeCents: tenant.fees.achFeeCents },
    paymentPlatforms: platforms,
    brandColors: tenant.brandColors,
    languages: offeredLanguages(tenant.languages),
    sideAreas: {
      insights: sideAreaIsOn(tenant.sideAreas, 'insights'),
      rateComparison: sideAreaIsOn(tenant.sideAreas, 'rateComparison'),
      assistant: sideAreaIsOn(tenant.sideAreas, 'assistant'),
    },
    autopay: { methods: autopay.methods, maxWithdrawalCents: autopay.maxWithdrawalCents },
  };
}
