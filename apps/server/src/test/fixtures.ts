// Small, explicit fixtures for server tests (independent of the demo seed).
import { randomUUID } from 'node:crypto';
import { ACH_FEE_CENTS, basicAuthorization, CARD_FEE_BASIS_POINTS, type ThemeId } from '@gridfront/contracts';
import type { Database } from '../db/client.ts';
import {
  customerAccounts,
  paymentPlatforms,
  profiles,
  tenantDomains,
  tenants,
  userAccounts,
  users,
} from '../db/schema/index.ts';
import { hashPassword } from '../features/auth/password.ts';
import type { Tenant } from '../plugins/tenant.ts';

export interface TenantFixture {
  tenant: Tenant;
  clientId: string;
  clientSecret: string;
  /** The Basic Authorization header value of this tenant's app. */
  authorization: string;
}

export interface TenantFixtureOptions {
  name?: string;
  isDefault?: boolean;
  domains?: string[];
  defaultTheme?: ThemeId;
  platforms?: { platformKey: string; name: string; isEnable: boolean }[];
}

export async function insertTenant(db: Database, options: TenantFixtureOptions = {}): Promise<TenantFixture> {
  const suffix = randomUUID().slice(0, 8);
  const clientId = `test-app-${suffix}`;
  const clientSecret = `test-secret-${suffix}`;
  const [tenant] = await db
    .insert(tenants)
    .values({
      slug: `test-utility-${suffix}`,
      name: options.name ?? `Test Utility ${suffix}`,
      defaultTheme: options.defaultTheme ?? 'green',
      features: ['billing', 'usage'],
      fees: { cardFeeBasisPoints: CARD_FEE_BASIS_POINTS, achFeeCents: ACH_FEE_CENTS, lateFeeCents: 500 },
      contact: {
        phone: '(555) 010-0000',
        outagePhone: '(555) 010-0911',
        email: 'help@test-utility.example',
        address: '1 Main St, Springfield',
        hours: 'Mon–Fri 8–5',
      },
      legal: {
        privacyUrl: '/privacy',
        termsUrl: '/terms',
        // No terms of use: a tenant row may predate them, and the API answers with an empty text.
        privacyPolicy: 'We keep your data safe.',
        electronicPaymentAgreement: 'I authorise electronic payments.',
      },
      appClientId: clientId,
      appClientSecret: clientSecret,
      isDefault: options.isDefault ?? true,
    })
    .returning();
  if (!tenant) throw new Error('tenant fixture was not inserted');
  const domains = options.domains ?? [];
  if (domains.length > 0) {
    await db.insert(tenantDomains).values(domains.map((host) => ({ host, tenantId: tenant.id })));
  }
  const platforms = options.platforms ?? [];
  if (platforms.length > 0) {
    await db
      .insert(paymentPlatforms)
      .values(platforms.map((platform, sortOrder) => ({ ...platform, tenantId: tenant.id, sortOrder })));
  }
  return { tenant, clientId, clientSecret, authorization: basicAuthorization(clientId, clientSecret) };
}

export interface UserFixtureOptions {
  username?: string;
  password?: string;
  fullName?: string;
  tfaEnabled?: boolean;
  emailVerified?: boolean;
  withProfile?: boolean;
  withAccount?: boolean;
}

export interface UserFixture {
  id: string;
  username: string;
  password: string;
}

export async function insertUser(
  db: Database,
  tenantId: string,
  options: UserFixtureOptions = {},
): Promise<UserFixture> {
  const username = options.username ?? `user${randomUUID().slice(0, 8)}`;
  const password = options.password ?? 'Secret@123';
  const [user] = await db
    .insert(users)
    .values({
      tenantId,
      username,
      fullName: options.fullName ?? 'Test Customer',
      email: `${username.toLowerCase()}@example.test`,
      emailVerifiedAt: options.emailVerified === false ? null : new Date(),
      tfaEnabled: options.tfaEnabled ?? false,
      passwordHash: await hashPassword(password),
    })
    .returning({ id: users.id });
  if (!user) throw new Error('user fixture was not inserted');

  if (options.withProfile) {
    await db.insert(profiles).values({
      userId: user.id,
      tenantId,
      mailingAddress: '1 Main St',
      city: 'Springfield',
      serviceAddress: '1 Main St',
      state: 'IL',
      zip: '62701',
      phoneNo: '(555) 010-1234',
    });
  }
  if (options.withAccount) {
    const [account] = await db
      .insert(customerAccounts)
      .values({
        tenantId,
        accountNumber: String(Math.floor(Math.random() * 9e9) + 1e9),
        pinHash: await hashPassword('1234'),
        holderName: options.fullName ?? 'Test Customer',
        email: `${username.toLowerCase()}@example.test`,
        mailingAddress: '1 Main St',
        city: 'Springfield',
        state: 'IL',
        zip: '62701',
        openedOn: '2020-01-01',
      })
      .returning({ id: customerAccounts.id });
    if (!account) throw new Error('account fixture was not inserted');
    await db.insert(userAccounts).values({ userId: user.id, accountId: account.id, tenantId });
  }
  return { id: user.id, username, password };
}
