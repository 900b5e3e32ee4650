import { messages } from '@gridfront/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, refreshTokens, users } from '../../db/schema/index.ts';
import { authMessages } from '../../plugins/auth.ts';
import { insertTenant, insertUser, type TenantFixture, type TestApp } from '../../test/index.ts';
import { caller, createAccountTestApp, latestCode } from './account-test-kit.ts';
import { codeMessages } from './code-service.ts';
import { invalidCodeMessage } from './one-time-codes.ts';

let t: TestApp;
let tenant: TenantFixture;
const db = () => t.database.handle.db;

beforeAll(async () => {
  t = await createAccountTestApp();
  tenant = await insertTenant(db());
});
afterAll(() => t.close());

describe('two-factor sign-in', () => {
  it('mails a code, answers a pending token, and gives the session only for the right code', async () => {
    const user = await insertUser(db(), tenant.tenant.id, { username: 'guarded', tfaEnabled: true });
    const api = caller(t, tenant);
    const login = await api.post('/auth/login', { username: 'guarded', password: user.password });
    expect(login.statusCode).toBe(200);
    const body = login.json();
    expect(body).toMatchObject({ tfaRequired: true, pendingToken: expect.any(String) });
    expect(body).not.toHaveProperty('accessToken');
    const code = await latestCode(db(), 'guarded@example.test');

    // The pending token is no access token.
    const misuse = await caller(t, tenant, '10.2.2.2', body.pendingToken).get('/auth/session');
    expect(misuse.statusCode).toBe(401);
    expect(misuse.json().message).toBe(authMessages.required);
    // Nor is an access token a pending token.
    const forged = await api.post('/auth/tfaVerify', { code, pendingToken: 'abc.def.ghi' });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().message).toBe(codeMessages.pendingExpired);

    const wrong = await api.post('/auth/tfaVerify', {
      code: code === '000000' ? '000001' : '000000',
      pendingToken: body.pendingToken,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(invalidCodeMessage);

    const ok = await api.post('/auth/tfaVerify', { code, pendingToken: body.pendingToken });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      tfaRequired: false,
      accessToken: expect.any(String),
      user: { tfaEnabled: true },
    });
    expect(JSON.stringify(ok.json())).not.toContain(code);
    const session = await caller(t, tenant, '10.2.2.3', ok.json().accessToken).get('/auth/session');
    expect(session.statusCode).toBe(200);

    // The same code does not work twice.
    expect((await api.post('/auth/tfaVerify', { code, pendingToken: body.pendingToken })).statusCode).toBe(
      400,
    );
  });

  it('takes the two-factor code through /auth/emailOTPVerify with the pending token, and resends by pending token', async () => {
    const user = await insertUser(db(), tenant.tenant.id, { username: 'guarded2', tfaEnabled: true });
    const api = caller(t, tenant);
    const { pendingToken } = (
      await api.post('/auth/login', { username: 'guarded2', password: user.password })
    ).json();
    const first = await latestCode(db(), 'guarded2@example.test');
    const resent = await api.get(`/auth/resendOTP?pendingToken=${encodeURIComponent(pendingToken)}`);
    expect(resent.json()).toEqual({ message: codeMessages.resent });
    const code = await latestCode(db(), 'guarded2@example.test');
    if (code !== first) {
      expect(
        (await api.post('/auth/emailOTPVerify', { username: 'guarded2', code: first, pendingToken }))
          .statusCode,
      ).toBe(400);
    }
    // Without the pending token a two-factor code is not a sign-up code.
    expect((await api.post('/auth/emailOTPVerify', { username: 'guarded2', code })).statusCode).toBe(400);
    const ok = await api.post('/auth/emailOTPVerify', { username: 'guarded2', code, pendingToken });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().accessToken).toEqual(expect.any(String));
  });
});

describe('POST /api/auth/refreshToken', () => {
  async function signIn() {
    const user = await insertUser(db(), tenant.tenant.id);
    const response = await caller(t, tenant).post('/auth/login', {
      username: user.username,
      password: user.password,
    });
    const { accessToken, refreshToken } = response.json() as { accessToken: string; refreshToken: string };
    return { user, accessToken, refreshToken };
  }

  it('rotates: the new token works, the old one is spent; a reuse revokes the whole family and is audited', async () => {
    const { user, refreshToken } = await signIn();
    const api = caller(t, tenant);
    const rotated = await api.post('/auth/refreshToken', { refreshToken });
    expect(rotated.statusCode).toBe(200);
    const next = rotated.json();
    expect(next).toEqual({
      message: 'Session refreshed',
      accessToken: expect.any(String),
      refreshToken: expect.any(String),
      expiresIn: 900,
    });
    expect(next.refreshToken).not.toBe(refreshToken);
    const cookie = rotated.cookies.find((entry) => entry.name === 'refreshToken');
    expect(cookie).toMatchObject({
      value: next.refreshToken,
      httpOnly: true,
      sameSite: 'Strict',
      path: '/api/auth',
    });

    // The cookie works as well as the body.
    const viaCookie = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refreshToken',
      headers: { authorization: tenant.authorization },
      cookies: { refreshToken: next.refreshToken },
    });
    expect(viaCookie.statusCode).toBe(200);
    const latest = viaCookie.json().refreshToken;

    // The first token again: theft assumed, every token of the family dies.
    const reused = await api.post('/auth/refreshToken', { refreshToken });
    expect(reused.statusCode).toBe(401);
    expect(reused.json().message).toBe(messages.refreshFailed);
    expect((await api.post('/auth/refreshToken', { refreshToken: latest })).statusCode).toBe(401);
    const rows = await db().select().from(refreshTokens).where(eq(refreshTokens.userId, user.id));
    expect(rows.length).toBe(3);
    expect(rows.every((row) => row.revokedAt !== null)).toBe(true);
    expect(new Set(rows.map((row) => row.familyId)).size).toBe(1);
    const reuse = await db().select().from(auditLog).where(eq(auditLog.action, 'auth.refresh.reuse'));
    expect(reuse.some((row) => row.userId === user.id)).toBe(true);
    expect(JSON.stringify(reuse)).not.toContain(refreshToken);
  });

  it('refuses expired, unknown and missing tokens with the spec message', async () => {
    const { user, refreshToken } = await signIn();
    await db()
      .update(refreshTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(refreshTokens.userId, user.id));
    for (const payload of [{ refreshToken }, { refreshToken: 'never-issued' }, {}]) {
      const response = await caller(t, tenant).post('/auth/refreshToken', payload);
      expect(response.statusCode).toBe(401);
      expect(response.json().message).toBe(messages.refreshFailed);
    }
  });

  it('logout with only the access token revokes that session', async () => {
    const { refreshToken, accessToken } = await signIn();
    const out = await caller(t, tenant, '10.3.3.3', accessToken).post('/auth/logout', {});
    expect(out.statusCode).toBe(200);
    expect((await caller(t, tenant).post('/auth/refreshToken', { refreshToken })).statusCode).toBe(401);
  });

  it('keeps unlisted fields out of the answer', async () => {
    const { accessToken } = await signIn();
    const session = await caller(t, tenant, '10.4.4.4', accessToken).get('/auth/session');
    expect(Object.keys(session.json()).sort()).toEqual([
      'emailVerified',
      'fullName',
      'hasAccount',
      'hasProfile',
      'tfaEnabled',
      'username',
    ]);
    const [row] = await db().select().from(users).limit(1);
    expect(JSON.stringify(session.json())).not.toContain(row?.passwordHash ?? '$argon2');
  });
});
