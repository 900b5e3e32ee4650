// Access tokens end with their sign-in: logout, password change and reset, and refresh-token reuse
// make them fail with 401 on the very next request, on every instance sharing the database.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshTokens } from '../../db/schema/index.ts';
import { authMessages } from '../../plugins/auth.ts';
import {
  caller,
  createAccountTestApp,
  latestCode,
  signedInToken,
  solvedCaptcha,
} from '../../test/account-test-kit.ts';
import {
  createTestApp,
  insertTenant,
  insertUser,
  type TenantFixture,
  type TestApp,
} from '../../test/index.ts';
import { hashRefreshToken, REFRESH_REUSE_GRACE_SECONDS } from './refresh-tokens.ts';

let t: TestApp;
let tenant: TenantFixture;
const db = () => t.database.handle.db;

beforeAll(async () => {
  t = await createAccountTestApp();
  tenant = await insertTenant(db());
});
afterAll(() => t.close());

async function signIn(options: { password?: string } = {}) {
  const user = await insertUser(db(), tenant.tenant.id, options);
  const response = await caller(t, tenant).post('/auth/login', {
    username: user.username,
    password: user.password,
  });
  expect(response.statusCode).toBe(200);
  const { accessToken, refreshToken } = response.json() as { accessToken: string; refreshToken: string };
  return { user, accessToken, refreshToken };
}

async function sessionStatus(accessToken: string, app: TestApp = t) {
  const response = await caller(app, tenant, undefined, accessToken).get('/auth/session');
  if (response.statusCode === 401) expect(response.json().message).toBe(authMessages.required);
  return response.statusCode;
}

describe('a revoked sign-in takes its access tokens with it', () => {
  it('logout with the refresh cookie alone: the access token fails on the next request', async () => {
    const mine = await signIn();
    const other = await signIn();
    expect(await sessionStatus(mine.accessToken)).toBe(200);
    // Sign-out as the portal does it: the HttpOnly cookie, no access token.
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { authorization: tenant.authorization },
      cookies: { refreshToken: mine.refreshToken },
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    expect(await sessionStatus(mine.accessToken)).toBe(401);
    // Another user's sign-in is untouched.
    expect(await sessionStatus(other.accessToken)).toBe(200);
  });

  it('logout with the access token: that token, and any other of the same sign-in, fails next', async () => {
    const { accessToken, refreshToken } = await signIn();
    const rotated = await caller(t, tenant).post('/auth/refreshToken', { refreshToken });
    const sibling = rotated.json().accessToken as string;
    expect(await sessionStatus(sibling)).toBe(200);
    expect((await caller(t, tenant, undefined, accessToken).post('/auth/logout', {})).statusCode).toBe(200);
    expect(await sessionStatus(accessToken)).toBe(401);
    expect(await sessionStatus(sibling)).toBe(401);
  });

  it('password reset ends every sign-in of the user at once', async () => {
    const { user, accessToken } = await signIn();
    const second = await caller(t, tenant).post('/auth/login', {
      username: user.username,
      password: user.password,
    });
    const secondToken = second.json().accessToken as string;
    expect(await sessionStatus(accessToken)).toBe(200);

    const api = caller(t, tenant);
    const sent = await api.post('/auth/forgotOTP', {
      username: user.username,
      captcha: await solvedCaptcha(api),
    });
    expect(sent.statusCode).toBe(200);
    const code = await latestCode(db(), `${user.username.toLowerCase()}@example.test`);
    const reset = await api.post('/auth/forgotPassword', {
      username: user.username,
      code,
      newPassword: 'Changed@4567',
      confirmPassword: 'Changed@4567',
    });
    expect(reset.statusCode).toBe(200);
    expect(await sessionStatus(accessToken)).toBe(401);
    expect(await sessionStatus(secondToken)).toBe(401);
  });

  it('password change ends every other sign-in and keeps the one that made it', async () => {
    const { user, accessToken } = await signIn();
    const elsewhere = (
      await caller(t, tenant).post('/auth/login', { username: user.username, password: user.password })
    ).json().accessToken as string;
    expect(await sessionStatus(elsewhere)).toBe(200);
    const changed = await caller(t, tenant, undefined, accessToken).post('/settings/changePassword', {
      currentPassword: user.password,
      newPassword: 'Changed@4567',
      confirmPassword: 'Changed@4567',
    });
    expect(changed.statusCode).toBe(200);
    expect(await sessionStatus(elsewhere)).toBe(401);
    expect(await sessionStatus(accessToken)).toBe(200);
  });

  it('refresh-token reuse revokes the family and its live access token', async () => {
    const { refreshToken } = await signIn();
    const api = caller(t, tenant);
    const rotated = await api.post('/auth/refreshToken', { refreshToken });
    const current = rotated.json().accessToken as string;
    expect(await sessionStatus(current)).toBe(200);
    // Replayed long after its rotation: theft assumed.
    await db()
      .update(refreshTokens)
      .set({ usedAt: new Date(Date.now() - (REFRESH_REUSE_GRACE_SECONDS + 5) * 1000) })
      .where(eq(refreshTokens.tokenHash, hashRefreshToken(refreshToken)));
    expect((await api.post('/auth/refreshToken', { refreshToken })).statusCode).toBe(401);
    expect(await sessionStatus(current)).toBe(401);
  });

  it('holds on another instance of the same database from its next request (no per-process state)', async () => {
    const second = await createTestApp({ database: t.database });
    try {
      const { accessToken, refreshToken } = await signIn();
      expect(await sessionStatus(accessToken, second)).toBe(200);
      expect((await caller(t, tenant).post('/auth/logout', { refreshToken })).statusCode).toBe(200);
      expect(await sessionStatus(accessToken, second)).toBe(401);
    } finally {
      await second.app.close();
    }
  });

  it('refuses a well-signed token that names no sign-in, or a sign-in of someone else', async () => {
    const user = await insertUser(db(), tenant.tenant.id);
    const victim = await signIn();
    const unknownFamily = await t.app.accessTokens.sign({
      userId: user.id,
      tenantId: tenant.tenant.id,
      sessionId: randomUUID(),
    });
    expect(await sessionStatus(unknownFamily)).toBe(401);
    const [family] = await db()
      .select({ familyId: refreshTokens.familyId })
      .from(refreshTokens)
      .where(eq(refreshTokens.userId, victim.user.id))
      .limit(1);
    const borrowed = await t.app.accessTokens.sign({
      userId: user.id,
      tenantId: tenant.tenant.id,
      sessionId: family?.familyId ?? randomUUID(),
    });
    expect(await sessionStatus(borrowed)).toBe(401);
    // The kit's token names a real sign-in, so it works until that sign-in is revoked.
    const kitToken = await signedInToken(t, tenant.tenant.id, user.id);
    expect(await sessionStatus(kitToken)).toBe(200);
    await db().update(refreshTokens).set({ revokedAt: new Date() }).where(eq(refreshTokens.userId, user.id));
    expect(await sessionStatus(kitToken)).toBe(401);
  });
});
