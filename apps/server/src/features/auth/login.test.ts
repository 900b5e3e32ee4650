import { createHash } from 'node:crypto';
import { ACCESS_TOKEN_HEADER, messages } from '@gridfront/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, refreshTokens, users } from '../../db/schema/index.ts';
import { authMessages } from '../../plugins/auth.ts';
import {
  createTestApp,
  insertTenant,
  insertUser,
  type TenantFixture,
  type TestApp,
  type UserFixture,
} from '../../test/index.ts';
import { LOCKOUT, lockedMessage, lockoutMinutes } from './lockout.ts';

let t: TestApp;
let tenant: TenantFixture;
let plain: UserFixture;
let complete: UserFixture;
let twoFactor: UserFixture;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.handle.db;
  tenant = await insertTenant(db);
  plain = await insertUser(db, tenant.tenant.id, { username: 'PlainUser', emailVerified: false });
  complete = await insertUser(db, tenant.tenant.id, {
    username: 'complete',
    fullName: 'Casey Complete',
    withAccount: true,
    withProfile: true,
  });
  twoFactor = await insertUser(db, tenant.tenant.id, { username: 'guarded', tfaEnabled: true });
});
afterAll(() => t.close());

function login(username: string, password: string, extraHeaders: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { authorization: tenant.authorization, ...extraHeaders },
    payload: { username, password },
  });
}

const auditRows = (action: string) =>
  t.database.handle.db.select().from(auditLog).where(eq(auditLog.action, action));

describe('POST /api/auth/login', () => {
  it('signs in with tokens, cookies and the user flags; the username is case-insensitive', async () => {
    const response = await login('COMPLETE', complete.password);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({
      message: 'Login successful',
      tfaRequired: false,
      accessToken: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/),
      refreshToken: expect.stringMatching(/^[\w-]{43}$/),
      expiresIn: 900,
      user: {
        username: 'complete',
        fullName: 'Casey Complete',
        emailVerified: true,
        tfaEnabled: false,
        hasAccount: true,
        hasProfile: true,
      },
    });

    const cookies = Object.fromEntries(response.cookies.map((cookie) => [cookie.name, cookie]));
    expect(cookies.refreshToken).toMatchObject({
      value: body.refreshToken,
      path: '/api/auth',
      httpOnly: true,
      secure: true,
      sameSite: 'Strict',
      maxAge: 30 * 86_400,
    });
    expect(cookies.accessToken).toMatchObject({
      value: body.accessToken,
      path: '/',
      secure: true,
      sameSite: 'Strict',
    });
    expect(cookies.accessToken?.httpOnly).toBeFalsy();

    // Only the hash of the refresh token is stored, in a new family.
    const [stored] = await t.database.handle.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.userId, complete.id));
    expect(stored?.tokenHash).toBe(createHash('sha256').update(body.refreshToken).digest('hex'));
    expect(stored?.familyId).toMatch(/^[0-9a-f-]{36}$/);

    const session = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { authorization: tenant.authorization, [ACCESS_TOKEN_HEADER]: body.accessToken },
    });
    expect(session.statusCode).toBe(200);
    expect(session.json()).toEqual(body.user);

    const [success] = await auditRows('auth.login.success');
    expect(success).toMatchObject({ userId: complete.id, tenantId: tenant.tenant.id });
  });

  it('reports missing account and profile and an unverified e-mail, and asks for the e-mail code', async () => {
    const response = await login('plainuser', plain.password);
    expect(response.json()).toMatchObject({ emailVerificationRequired: true, tfaRequired: false });
    expect(response.json()).not.toHaveProperty('accessToken');
    expect(response.cookies).toEqual([]);
    expect(response.json().user).toMatchObject({
      emailVerified: false,
      hasAccount: false,
      hasProfile: false,
    });
  });

  it('answers an unknown user and a wrong password the same way and audits both without the password', async () => {
    const wrong = await login(plain.username, 'Wrong@Password1');
    const unknown = await login('nobody-here', 'Wrong@Password1');
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        statusCode: 401,
        error: 'Unauthorized',
        message: messages.invalidCredentials,
      });
      expect(response.cookies).toEqual([]);
    }
    const failures = await auditRows('auth.login.failure');
    expect(failures.map((row) => row.detail)).toEqual(
      expect.arrayContaining([
        { username: 'plainuser', reason: 'wrong_password' },
        { username: 'nobody-here', reason: 'unknown_user' },
      ]),
    );
    expect(JSON.stringify(failures)).not.toContain('Wrong@Password1');
  });

  it('issues no tokens while a second factor is owed', async () => {
    const response = await login(twoFactor.username, twoFactor.password);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.tfaRequired).toBe(true);
    expect(body.user.tfaEnabled).toBe(true);
    expect(body).not.toHaveProperty('accessToken');
    expect(body).not.toHaveProperty('refreshToken');
    expect(response.cookies).toEqual([]);
    const tokens = await t.database.handle.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.userId, twoFactor.id));
    expect(tokens).toEqual([]);
  });
});

describe('GET /api/auth/session', () => {
  it('needs a valid access token of this tenant', async () => {
    const other = await insertTenant(t.database.handle.db, { isDefault: false, domains: ['other.example'] });
    // The app loads the domain map once per TTL; a domain added behind its back needs a reload.
    t.app.tenants.invalidate();
    const outsider = await insertUser(t.database.handle.db, other.tenant.id);
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { authorization: other.authorization, host: 'other.example' },
      payload: { username: outsider.username, password: outsider.password },
    });
    const foreignToken: string = foreign.json().accessToken;

    for (const token of [undefined, 'not-a-token', foreignToken, `${foreignToken.slice(0, -2)}xx`]) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/auth/session',
        headers: { authorization: tenant.authorization, ...(token ? { [ACCESS_TOKEN_HEADER]: token } : {}) },
      });
      expect(response.statusCode).toBe(401);
      expect(response.json().message).toBe(authMessages.required);
    }
  });
});

describe('POST /api/auth/logout', () => {
  it('revokes the refresh token from the cookie, clears the cookies and audits it', async () => {
    const signedIn = await login(complete.username, complete.password);
    const { refreshToken } = signedIn.json();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { authorization: tenant.authorization },
      cookies: { refreshToken },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Logged out successfully' });
    const cleared = Object.fromEntries(response.cookies.map((cookie) => [cookie.name, cookie]));
    expect(cleared.refreshToken).toMatchObject({ value: '', path: '/api/auth' });
    expect(cleared.accessToken).toMatchObject({ value: '', path: '/' });

    const hash = createHash('sha256').update(refreshToken).digest('hex');
    const [row] = await t.database.handle.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hash));
    expect(row?.revokedAt).toBeInstanceOf(Date);
    const logouts = await auditRows('auth.logout');
    expect(logouts.some((entry) => entry.userId === complete.id && entry.detail.revoked === true)).toBe(true);
  });

  it('revokes a token given in the body, and is harmless without one', async () => {
    const { refreshToken } = (await login(complete.username, complete.password)).json();
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { authorization: tenant.authorization },
      payload: { refreshToken },
    });
    const hash = createHash('sha256').update(refreshToken).digest('hex');
    const [row] = await t.database.handle.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hash));
    expect(row?.revokedAt).toBeInstanceOf(Date);

    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { authorization: tenant.authorization },
    });
    expect(empty.statusCode).toBe(200);
  });
});

describe('login throttling', () => {
  it('locks a user after 5 failures in a row, across instances sharing the database, with a growing delay', async () => {
    const target = await insertUser(t.database.handle.db, tenant.tenant.id, { username: 'targeted' });
    const second = await createTestApp({ database: t.database });
    try {
      for (let attempt = 0; attempt < LOCKOUT.threshold; attempt += 1) {
        // Alternate instances: a limit kept in one process's memory would never trip.
        const instance = attempt % 2 === 0 ? t.app : second.app;
        const response = await instance.inject({
          method: 'POST',
          url: '/api/auth/login',
          headers: { authorization: tenant.authorization },
          payload: { username: 'Targeted', password: `Guess@${attempt}` },
          remoteAddress: `203.0.113.${attempt + 1}`,
        });
        expect(response.statusCode).toBe(401);
      }
      // Locked: even the right password waits, and the answer says how long.
      const blocked = await login(target.username, target.password);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual({
        statusCode: 429,
        error: 'Too Many Requests',
        message: lockedMessage(new Date(Date.now() + 60_000)),
      });
      expect(blocked.json().message).toContain('Please try again in 1 minute.');
      expect(await auditRows('auth.login.lockout')).toHaveLength(1);
      expect(await auditRows('auth.login.locked')).toHaveLength(1);

      // The lock ends; the next failure locks for twice as long.
      const db = t.database.handle.db;
      await db
        .update(users)
        .set({ lockedUntil: new Date(Date.now() - 1000) })
        .where(eq(users.id, target.id));
      expect((await login(target.username, 'Wrong@Again1')).statusCode).toBe(401);
      const [row] = await db.select().from(users).where(eq(users.id, target.id));
      expect(row?.failedLoginCount).toBe(6);
      const minutes = ((row?.lockedUntil?.getTime() ?? 0) - Date.now()) / 60_000;
      expect(minutes).toBeGreaterThan(1.9);
      expect(minutes).toBeLessThanOrEqual(2);
      expect(lockoutMinutes(20)).toBe(LOCKOUT.maxMinutes);

      // A success resets the count.
      await db.update(users).set({ lockedUntil: null }).where(eq(users.id, target.id));
      expect((await login(target.username, target.password)).statusCode).toBe(200);
      const [reset] = await db.select().from(users).where(eq(users.id, target.id));
      expect(reset?.failedLoginCount).toBe(0);

      // Other users are not affected.
      expect((await login(complete.username, complete.password)).statusCode).toBe(200);
    } finally {
      await second.close();
    }
  });

  it('locks unknown usernames the same way, so a lockout does not reveal that a user exists', async () => {
    for (let attempt = 0; attempt < LOCKOUT.threshold; attempt += 1) {
      expect((await login('no-such-person', `Guess@${attempt}`, {})).statusCode).toBe(401);
    }
    const blocked = await login('no-such-person', 'Guess@again1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toContain('Your account is temporarily locked');
  });

  it('limits bursts of login calls from one address in this instance', async () => {
    const burst = await createTestApp({ database: t.database });
    try {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 32; attempt += 1) {
        const response = await burst.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          headers: { authorization: tenant.authorization },
          payload: {},
          remoteAddress: '198.51.100.7',
        });
        statuses.push(response.statusCode);
      }
      expect(statuses.slice(0, 30).every((status) => status === 400)).toBe(true);
      expect(statuses.slice(30)).toEqual([429, 429]);
    } finally {
      await burst.close();
    }
  });
});
