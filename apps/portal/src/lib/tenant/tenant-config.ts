// The tenant's public configuration from GET /api/tenant (contract: tenantConfigResponse), read
// leniently: a missing or malformed field falls back to a safe default instead of breaking the page.
import { type PaymentPlatform, paymentPlatform, THEME_IDS } from '@gridfront/contracts';
import { z } from 'zod';

const text = z.string().optional().catch(undefined);

export type { PaymentPlatform };

export const tenantConfig = z
  .object({
    name: z.string().trim().min(1).optional().catch(undefined),
    defaultTheme: z.enum(THEME_IDS).optional().catch(undefined),
    /** IANA zone of the utility: bill dates and appointment hours are in it. */
    timeZone: z.string().trim().min(1).optional().catch(undefined),
    /** Language of the utility's own texts; they carry it as their lang, whatever the portal's language. */
    contentLanguage: z.string().trim().min(1).optional().catch(undefined),
    features: z.array(z.string()).catch([]),
    contact: z.object({ phone: text, outagePhone: text, email: text, address: text, hours: text }).catch({}),
    legal: z
      .object({
        privacyUrl: text,
        termsUrl: text,
        privacyPolicy: text,
        termsOfUse: text,
        electronicPaymentAgreement: text,
      })
      .catch({}),
    fees: z
      .object({
        cardFeeBasisPoints: z.number().optional().catch(undefined),
        achFeeCents: z.number().optional().catch(undefined),
        lateFeeCents: z.number().optional().catch(undefined),
      })
      .catch({}),
    paymentPlatforms: z
      .array(z.unknown())
      .catch([])
      .transform((entries) =>
        entries.flatMap((entry) => {
          const parsed = paymentPlatform.safeParse(entry);
          return parsed.success ? [parsed.data] : [];
        }),
      ),
  })
  .catch({ features: [], contact: {}, legal: {}, fees: {}, paymentPlatforms: [] });
export type TenantConfig = z.infer<typeof tenantConfig>;

export const emptyTenantConfig: TenantConfig = tenantConfig.parse(undefined);

/** Spec point 1: the first entry with isEnable true is the active payment platform. */
export function activePaymentPlatform(platforms: readonly PaymentPlatform[]): PaymentPlatform | undefined {
  return platforms.find((platform) => platform.isEnable);
}
