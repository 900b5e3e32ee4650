// Helpers shared by the account tests: a test app with a cheap ALTCHA, solved payloads, billing
// accounts with known PINs, calls from chosen addresses and the codes read back from the outbox.
import { randomUUID } from 'node:crypto';
import { ACCESS_TOKEN_HEADER } from '@gridfront/contracts';
import { type Challenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { desc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { Database } from '../db/client.ts';
import { customerAccounts, mailOutbox } from '../db/schema/index.ts';
import { hashPassword } from '../features/auth/password.ts';
import { issueRefreshToken } from '../features/auth/refresh-tokens.ts';
import { createTestApp, type TenantFixture, type TestApp } from './index.ts';

export const CHEAP_ALTCHA = { ALTCHA_COST: '1', ALTCHA_MAX_NUMBER: '40' } as const;

export function createAccountTestApp(options: Parameters<typeof createTestApp>[0] = {}): Promise<TestApp> {
  return createTestApp({ ...options, env: { ...CHEAP_ALTCHA, ...options.env } });
}

export interface Caller {
  post(url: string, payload?: unknown, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  get(url: string, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
}

/** Calls /api as the tenant's app from one address (so per-address limits stay per test). */
export function caller(
  t: TestApp,
  tenant: TenantFixture,
  ip = `10.${rand()}.${rand()}.${rand()}`,
  accessToken?: string,
): Caller {
  const headers = (extra: Record<string, string> = {}) => ({
    authorization: tenant.authorization,
    ...(accessToken ? { [ACCESS_TOKEN_HEADER]: accessToken } : {}),
    ...extra,
  });
  return {
    post: (url, payload, extra) =>
      t.app.inject({
        method: 'POST',
        url: `/api${url}`,
        headers: headers(extra),
        remoteAddress: ip,
        ...(payload === undefined ? {} : { payload: payload as object }),
      }),
    get: (url, extra) =>
      t.app.inject({ method: 'GET', url: `/api${url}`, headers: headers(extra), remoteAddress: ip }),
  };
}

function rand() {
  return Math.floor(Math.random() * 250) + 1;
}

/** Fetches a challenge and solves it like the widget; the result goes into `captcha`. */
export async function solvedCaptcha(api: Caller): Promise<string> {
  const response = await api.get('/auth/altcha');
  if (response.statusCode !== 200) throw new Error(`altcha challenge failed: ${response.body}`);
  const challenge = response.json() as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('the challenge was not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

export interface AccountFixture {
  id: string;
  accountNumber: string;
  pin: string;
  email: string;
}

export async function insertBillingAccount(
  db: Database,
  tenantId: string,
  options: { pin?: string; email?: string } = {},
): Promise<AccountFixture> {
  const accountNumber = String(Math.floor(Math.random() * 9e9) + 1e9);
  const pin = options.pin ?? '4321';
  const email = options.email ?? `holder-${randomUUID().slice(0, 6)}@example.test`;
  const [row] = await db
    .insert(customerAccounts)
    .values({
      tenantId,
      accountNumber,
      pinHash: await hashPassword(pin),
      holderName: 'Avery Holder',
      email,
      mailingAddress: '5 Elm St',
      city: 'Springfield',
      state: 'IL',
      zip: '62701',
      openedOn: '2021-03-01',
    })
    .returning({ id: customerAccounts.id });
  if (!row) throw new Error('account not inserted');
  return { id: row.id, accountNumber, pin, email };
}

export async function mailsTo(db: Database, to: string) {
  return db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to)).orderBy(desc(mailOutbox.createdAt));
}

/** The 6-digit code of the newest mail to an address. */
export async function latestCode(db: Database, to: string): Promise<string> {
  const [mail] = await mailsTo(db, to);
  const code = mail ? /\b(\d{6})\b/.exec(mail.textBody)?.[1] : undefined;
  if (!code) throw new Error(`no code mailed to ${to}`);
  return code;
}

/**
 * An access token of a real sign-in (a refresh-token family in the database), without going
 * through /auth/login: identifyUser refuses tokens whose sign-in does not exist or is revoked.
 */
export async function signedInToken(t: TestApp, tenantId: string, userId: string): Promise<string> {
  const sessionId = randomUUID();
  await issueRefreshToken(t.database.handle.db, { tenantId, userId, familyId: sessionId, ttlDays: 1 });
  return t.app.accessTokens.sign({ userId, tenantId, sessionId });
}
