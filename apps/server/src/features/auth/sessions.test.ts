import { messages, PENDING_TOKEN_HEADER, pendingTokenInQueryMessage } from '@gridfront/contracts';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, oneTimeCodes, refreshTokens, users } from '../../db/schema/index.ts';
import { authMessages } from '../../plugins/auth.ts';
import {
  caller,
  createAccountTestApp,
  latestCode,
  mailsTo,
  signedInToken,
} from '../../test/account-test-kit.ts';
import { insertTenant, insertUser, type TenantFixture, type TestApp } from '../../test/index.ts';
import { codeMessages } from './code-service.ts';
import { invalidCodeMessage } from './one-time-codes.ts';
import { hashRefreshToken, REFRESH_REUSE_GRACE_SECONDS } from './refresh-tokens.ts';

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
    // Nor is an access token a pending token: a real, live access token of this very user, sent with
    // the right code, gets no session and leaves the code unspent.
    const accessToken = await signedInToken(t, tenant.tenant.id, user.id);
    expect((await caller(t, tenant, '10.2.2.4', accessToken).get('/auth/session')).statusCode).toBe(200);
    const forged = await api.post('/auth/tfaVerify', { code, pendingToken: accessToken });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().message).toBe(codeMessages.pendingExpired);
    expect(forged.json()).not.toHaveProperty('accessToken');
    const forgedResend = await api.get('/auth/resendOTP', { [PENDING_TOKEN_HEADER]: accessToken });
    expect(forgedResend.statusCode).toBe(401);
    expect(await mailsTo(db(), 'guarded@example.test')).toHaveLength(1);

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
    const email = 'guarded2@example.test';
    const api = caller(t, tenant);
    const { pendingToken } = (
      await api.post('/auth/login', { username: 'guarded2', password: user.password })
    ).json();
    const first = await latestCode(db(), email);
    expect(await mailsTo(db(), email)).toHaveLength(1);

    // The token does not belong in a URL: refused there, and nothing is sent.
    const inQuery = await api.get(`/auth/resendOTP?pendingToken=${encodeURIComponent(pendingToken)}`);
    expect(inQuery.statusCode).toBe(400);
    expect(inQuery.json().message).toBe(pendingTokenInQueryMessage);
    expect(await mailsTo(db(), email)).toHaveLength(1);

    const resent = await api.get('/auth/resendOTP', { [PENDING_TOKEN_HEADER]: pendingToken });
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toEqual({ message: codeMessages.resent });
    // Exactly one new mail, a two-factor code, and only the newest code is live.
    const mails = await mailsTo(db(), email);
    expect(mails).toHaveLength(2);
    expect(mails.map((mail) => mail.purpose)).toEqual(['tfaCode', 'tfaCode']);
    const code = await latestCode(db(), email);
    const codes = await db()
      .select()
      .from(oneTimeCodes)
      .where(and(eq(oneTimeCodes.userId, user.id), eq(oneTimeCodes.purpose, 'tfa')))
      .orderBy(asc(oneTimeCodes.createdAt));
    expect(codes).toHaveLength(2);
    expect(codes.map((row) => row.consumedAt === null)).toEqual([false, true]);
    // The first code died with the resend (fails once in a million runs, when both codes are equal).
    expect(
      (await api.post('/auth/emailOTPVerify', { username: 'guarded2', code: first, pendingToken }))
        .statusCode,
    ).toBe(400);

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

  /** Moves the token's use back in time, as if it had been rotated that long ago. */
  async function spentSecondsAgo(token: string, seconds: number) {
    await db()
      .update(refreshTokens)
      .set({ usedAt: new Date(Date.now() - seconds * 1000) })
      .where(eq(refreshTokens.tokenHash, hashRefreshToken(token)));
  }

  async function familyOf(userId: string) {
    return db().select().from(refreshTokens).where(eq(refreshTokens.userId, userId));
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

    // The first token again, long after its use: theft assumed, every token of the family dies.
    await spentSecondsAgo(refreshToken, REFRESH_REUSE_GRACE_SECONDS + 5);
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

  it('takes a second use within the grace window for two tabs racing: a new token of the same family', async () => {
    const { user, refreshToken } = await signIn();
    const api = caller(t, tenant);
    const first = await api.post('/auth/refreshToken', { refreshToken });
    expect(first.statusCode).toBe(200);
    await spentSecondsAgo(refreshToken, REFRESH_REUSE_GRACE_SECONDS - 5);

    const second = await api.post('/auth/refreshToken', { refreshToken });
    expect(second.statusCode).toBe(200);
    const late = second.json();
    expect(late).toEqual({
      message: 'Session refreshed',
      accessToken: expect.any(String),
      refreshToken: expect.any(String),
      expiresIn: 900,
    });
    expect(second.cookies.find((entry) => entry.name === 'refreshToken')?.value).toBe(late.refreshToken);
    expect(late.refreshToken).not.toBe(refreshToken);
    expect(late.refreshToken).not.toBe(first.json().refreshToken);

    // A new row in the same family, stored hashed only; nothing revoked.
    const rows = await familyOf(user.id);
    expect(rows).toHaveLength(3);
    expect(new Set(rows.map((row) => row.familyId)).size).toBe(1);
    expect(rows.every((row) => row.revokedAt === null)).toBe(true);
    expect(rows.some((row) => row.tokenHash === hashRefreshToken(late.refreshToken))).toBe(true);
    expect(JSON.stringify(rows)).not.toContain(late.refreshToken);

    // Both tabs go on: each new token rotates normally, and the access token works.
    const session = await caller(t, tenant, '10.5.5.5', late.accessToken).get('/auth/session');
    expect(session.statusCode).toBe(200);
    for (const token of [first.json().refreshToken, late.refreshToken]) {
      expect((await api.post('/auth/refreshToken', { refreshToken: token })).statusCode).toBe(200);
    }
    const live = await db()
      .select()
      .from(refreshTokens)
      .where(and(eq(refreshTokens.userId, user.id), isNull(refreshTokens.revokedAt)));
    expect(live).toHaveLength(5);
    const race = await db().select().from(auditLog).where(eq(auditLog.action, 'auth.refresh.race'));
    expect(race.some((row) => row.userId === user.id)).toBe(true);
    expect(
      (await db().select().from(auditLog).where(eq(auditLog.userId, user.id))).map((row) => row.action),
    ).not.toContain('auth.refresh.reuse');
  });

  it('answers two parallel uses of one token with two working sessions, not a revocation', async () => {
    const { user, refreshToken } = await signIn();
    const api = caller(t, tenant);
    const answers = await Promise.all([
      api.post('/auth/refreshToken', { refreshToken }),
      api.post('/auth/refreshToken', { refreshToken }),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    const [one, two] = answers.map((answer) => answer.json().refreshToken as string);
    expect(one).not.toBe(two);
    const rows = await familyOf(user.id);
    expect(rows).toHaveLength(3);
    expect(rows.every((row) => row.revokedAt === null)).toBe(true);
    // The presented token was claimed once; exactly the two new ones are unspent.
    expect(rows.filter((row) => row.usedAt === null)).toHaveLength(2);
  });

  it('keeps reuse detection after the grace window: 401 and the whole family revoked', async () => {
    const { user, refreshToken } = await signIn();
    const api = caller(t, tenant);
    const rotated = await api.post('/auth/refreshToken', { refreshToken });
    expect(rotated.statusCode).toBe(200);
    await spentSecondsAgo(refreshToken, REFRESH_REUSE_GRACE_SECONDS + 1);

    const reused = await api.post('/auth/refreshToken', { refreshToken });
    expect(reused.statusCode).toBe(401);
    expect(reused.json().message).toBe(messages.refreshFailed);
    const rows = await familyOf(user.id);
    expect(rows).toHaveLength(2);
    expect(rows.every((row) => row.revokedAt !== null)).toBe(true);
    expect(
      (await api.post('/auth/refreshToken', { refreshToken: rotated.json().refreshToken })).statusCode,
    ).toBe(401);
    const reuse = await db().select().from(auditLog).where(eq(auditLog.action, 'auth.refresh.reuse'));
    expect(reuse.some((row) => row.userId === user.id)).toBe(true);
  });

  it('gives no grace to a token of a revoked family, even within the window', async () => {
    const { user, refreshToken, accessToken } = await signIn();
    const api = caller(t, tenant);
    const rotated = await api.post('/auth/refreshToken', { refreshToken });
    expect(rotated.statusCode).toBe(200);
    // Signing out with the access token revokes the family seconds after the rotation.
    expect((await caller(t, tenant, '10.6.6.6', accessToken).post('/auth/logout', {})).statusCode).toBe(200);

    const again = await api.post('/auth/refreshToken', { refreshToken });
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toBe(messages.refreshFailed);
    const rows = await familyOf(user.id);
    expect(rows).toHaveLength(2);
    expect(rows.every((row) => row.revokedAt !== null)).toBe(true);
  });

  it('gives no grace to a token whose family has a revoked member or that has expired', async () => {
    const { user, refreshToken } = await signIn();
    const api = caller(t, tenant);
    const rotated = await api.post('/auth/refreshToken', { refreshToken });
    expect(rotated.statusCode).toBe(200);
    // Only the newest token revoked: the family counts as revoked.
    await db()
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(eq(refreshTokens.tokenHash, hashRefreshToken(rotated.json().refreshToken)));
    expect((await api.post('/auth/refreshToken', { refreshToken })).statusCode).toBe(401);
    expect(await familyOf(user.id)).toHaveLength(2);

    const other = await signIn();
    expect((await api.post('/auth/refreshToken', { refreshToken: other.refreshToken })).statusCode).toBe(200);
    await db()
      .update(refreshTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(refreshTokens.tokenHash, hashRefreshToken(other.refreshToken)));
    expect((await api.post('/auth/refreshToken', { refreshToken: other.refreshToken })).statusCode).toBe(401);
    expect(await familyOf(other.user.id)).toHaveLength(2);
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
