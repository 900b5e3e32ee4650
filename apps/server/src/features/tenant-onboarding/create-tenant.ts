// Issue 14, onboarding: a new utility (tenant) with its host name, its public client credential, its
// AI Assist widget api key and a first administrator, in one transaction. Idempotent on the domain:
// the same domain and name again changes nothing and says so; a domain another utility owns is
// refused. The administrator gets no password: an e-mail (through the outbox, in the same
// transaction) invites them to set one with the portal's forgot-password flow, whose one-time code
// goes to that address only (the reset mechanics of features/auth, nothing new to trust).
import { randomBytes, randomUUID } from 'node:crypto';
import {
  ACH_FEE_CENTS,
  CARD_FEE_BASIS_POINTS,
  LANGUAGES,
  type Language,
  PAYMENT_PLATFORM_DEFAULT,
  THEME_IDS,
  type ThemeId,
} from '@gridfront/contracts';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { TEST_PROCESSOR_KEY } from '../../adapters/payments/test-processor.ts';
import type { Database, Transaction } from '../../db/client.ts';
import {
  assistantSettings,
  auditLog,
  paymentPlatforms,
  type TenantContact,
  type TenantLegal,
  tenantDomains,
  tenants,
  users,
} from '../../db/schema/index.ts';
import { normaliseHost } from '../../plugins/tenant.ts';
import { hashPassword } from '../auth/password.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { adminInvitation } from './invitation-mail.ts';

/** The features a new utility starts with (the demo's, less the demo-only integrations). */
export const NEW_TENANT_FEATURES = [
  'billing',
  'payments',
  'autopay',
  'quickPay',
  'usage',
  'insights',
  'rates',
  'serviceRequests',
  'contact',
  'assistant',
  'gridx',
];

const HOST_NAME =
  /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

export const createTenantInput = z.object({
  name: z
    .string()
    .trim()
    .min(2, 'The name must have at least 2 characters')
    .max(80, 'The name must have at most 80 characters'),
  domain: z
    .string()
    .trim()
    .transform((value) => normaliseHost(value))
    .refine((value) => HOST_NAME.test(value) && value.includes('.'), {
      message: 'The domain must be a host name such as portal.example.org (no scheme, path or port)',
    })
    .refine((value) => value !== 'localhost' && value !== '127.0.0.1', {
      message: 'localhost and 127.0.0.1 belong to the default tenant',
    }),
  theme: z.enum(THEME_IDS, { message: `The theme must be one of ${THEME_IDS.join(', ')}` }).default('green'),
  languages: z
    .array(z.enum(LANGUAGES, { message: `Each language must be one of ${LANGUAGES.join(', ')}` }))
    .min(1, 'Give at least one language')
    .refine((list) => new Set(list).size === list.length, { message: 'A language is listed twice' })
    .default(['en']),
  adminEmail: z.email('The administrator e-mail address is not valid').optional(),
});
export type CreateTenantInput = z.input<typeof createTenantInput>;

export class OnboardingError extends Error {
  override name = 'OnboardingError';
}

export interface CreatedTenant {
  status: 'created';
  tenantId: string;
  slug: string;
  name: string;
  domain: string;
  theme: ThemeId;
  languages: Language[];
  clientId: string;
  clientSecret: string;
  /** The widget api key of AI Assist; shown once by the CLI. */
  widgetApiKey: string;
  admin: { username: string; email: string };
  portalUrl: string;
}

export interface ExistingTenant {
  status: 'exists';
  tenantId: string;
  slug: string;
  name: string;
  domain: string;
}

export interface CreateTenantOptions {
  /** Enables the built-in test payment processor: never in production. */
  testPayments?: boolean;
}

/** "portal.example.org" → "https://portal.example.org"; loopback names (*.localhost) stay on http. */
export function portalUrlFor(domain: string): string {
  return domain.endsWith('.localhost') ? `http://${domain}` : `https://${domain}`;
}

function slugOf(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
  return slug || 'utility';
}

async function freeSlug(tx: Transaction, name: string): Promise<string> {
  const base = slugOf(name);
  const taken = new Set(
    (
      await tx
        .select({ slug: tenants.slug })
        .from(tenants)
        .where(sql`${tenants.slug} = ${base} or ${tenants.slug} like ${`${base}-%`}`)
    ).map((row) => row.slug),
  );
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

function defaultLegal(name: string, contact: TenantContact): TenantLegal {
  return {
    privacyUrl: '/privacy',
    termsUrl: '/terms',
    privacyPolicy: `${name} runs this customer portal. We use what you give us here only to serve your accounts. Questions: ${contact.email}.`,
    termsOfUse: `These terms apply to your use of the ${name} customer portal. By creating an online account you accept them.`,
    electronicPaymentAgreement: [
      'Electronic Payment Agreement',
      `By submitting this agreement you authorise ${name} to debit the bank account or charge the card you provide for the amounts you approve, including recurring AutoPay amounts on each bill due date.`,
      'Any convenience fee is shown before you confirm and is not refundable.',
    ].join('\n\n'),
  };
}

/**
 * Creates the tenant, or answers `exists` when the domain already belongs to a tenant of that name.
 * Throws OnboardingError for a domain another utility owns and for bad values.
 */
export async function createTenant(
  db: Database,
  rawInput: CreateTenantInput,
  options: CreateTenantOptions = {},
): Promise<CreatedTenant | ExistingTenant> {
  const parsed = createTenantInput.safeParse(rawInput);
  if (!parsed.success) {
    throw new OnboardingError(parsed.error.issues.map((issue) => issue.message).join('; '));
  }
  const input = parsed.data;
  const adminEmail = input.adminEmail ?? `admin@${input.domain}`;

  // Hashed before the transaction: argon2 takes a while and the password is never used.
  const unusablePasswordHash = await hashPassword(randomBytes(32).toString('base64url'));

  return db.transaction(async (tx) => {
    // Two runs at once for the same domain take turns here; the primary key settles the rest.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`tenant-domain:${input.domain}`}))`);
    const [owner] = await tx
      .select({ id: tenants.id, slug: tenants.slug, name: tenants.name })
      .from(tenantDomains)
      .innerJoin(tenants, eq(tenants.id, tenantDomains.tenantId))
      .where(eq(tenantDomains.host, input.domain))
      .limit(1);
    if (owner) {
      if (owner.name === input.name) {
        return {
          status: 'exists',
          tenantId: owner.id,
          slug: owner.slug,
          name: owner.name,
          domain: input.domain,
        };
      }
      throw new OnboardingError(
        `The domain ${input.domain} is taken: it belongs to "${owner.name}" (${owner.slug}). Nothing was changed.`,
      );
    }

    const slug = await freeSlug(tx, input.name);
    const contact: TenantContact = {
      phone: '',
      outagePhone: '',
      email: adminEmail,
      address: '',
      hours: '',
    };
    const clientId = `gridfront-${slug}-portal`;
    const clientSecret = randomBytes(24).toString('base64url');
    const [tenant] = await tx
      .insert(tenants)
      .values({
        slug,
        name: input.name,
        defaultTheme: input.theme,
        contentLanguage: input.languages[0] ?? 'en',
        languages: input.languages,
        features: NEW_TENANT_FEATURES,
        fees: { cardFeeBasisPoints: CARD_FEE_BASIS_POINTS, achFeeCents: ACH_FEE_CENTS, lateFeeCents: 0 },
        contact,
        legal: defaultLegal(input.name, contact),
        appClientId: clientId,
        appClientSecret: clientSecret,
        isDefault: false,
      })
      .returning();
    if (!tenant) throw new Error('the tenant insert returned no row');
    await tx.insert(tenantDomains).values({ host: input.domain, tenantId: tenant.id });
    await tx.insert(paymentPlatforms).values([
      {
        tenantId: tenant.id,
        platformKey: TEST_PROCESSOR_KEY,
        name: 'Gridfront Pay (test mode)',
        isEnable: options.testPayments ?? false,
        sortOrder: 0,
      },
      { tenantId: tenant.id, platformKey: PAYMENT_PLATFORM_DEFAULT, name: 'Invoice Cloud', sortOrder: 1 },
      { tenantId: tenant.id, platformKey: 'paymentus', name: 'Paymentus', sortOrder: 2 },
      { tenantId: tenant.id, platformKey: 'kubra', name: 'KUBRA EZ-PAY', sortOrder: 3 },
    ]);
    const widgetApiKey = `gf-assist-${randomUUID()}`;
    await tx.insert(assistantSettings).values({ tenantId: tenant.id, apiKey: widgetApiKey, kbVersion: 0 });

    const [admin] = await tx
      .insert(users)
      .values({
        tenantId: tenant.id,
        username: 'admin',
        fullName: `${input.name} administrator`,
        email: adminEmail,
        // The operator gave this address, and no password can be set without the code sent to it.
        emailVerifiedAt: new Date(),
        passwordHash: unusablePasswordHash,
        locale: input.languages[0] ?? 'en',
        role: 'admin',
      })
      .returning({ id: users.id });
    if (!admin) throw new Error('the administrator insert returned no row');

    const portalUrl = portalUrlFor(input.domain);
    const mail = adminInvitation(input.languages[0] ?? 'en', {
      utility: input.name,
      username: 'admin',
      setPasswordUrl: `${portalUrl}/forgotPassword`,
    });
    await enqueueMail(tx, { tenantId: tenant.id, to: adminEmail, purpose: 'admin-invitation', ...mail });
    await tx.insert(auditLog).values({
      tenantId: tenant.id,
      userId: null,
      action: 'tenant.created',
      ip: null,
      userAgent: 'tenant:create',
      detail: { domain: input.domain, theme: input.theme, languages: input.languages, adminUserId: admin.id },
    });

    return {
      status: 'created',
      tenantId: tenant.id,
      slug,
      name: input.name,
      domain: input.domain,
      theme: input.theme,
      languages: input.languages,
      clientId,
      clientSecret,
      widgetApiKey,
      admin: { username: 'admin', email: adminEmail },
      portalUrl,
    };
  });
}
