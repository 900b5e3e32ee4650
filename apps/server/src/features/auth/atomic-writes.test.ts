// Writes that belong together commit together: a failure injected between their steps (a database
// trigger that raises on the second step) leaves nothing half-done, and a retry then succeeds.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { oneTimeCodes, refreshTokens, users } from '../../db/schema/index.ts';
import { caller, createAccountTestApp, latestCode, solvedCaptcha } from '../../test/account-test-kit.ts';
import { insertTenant, insertUser, type TenantFixture, type TestApp } from '../../test/index.ts';
import { registerLoginFailure } from './lockout.ts';
import { verifyPassword } from './password.ts';
import { hashRefreshToken } from './refresh-tokens.ts';

let t: TestApp;
let tenant: TenantFixture;
const db = () => t.database.handle.db;

beforeAll(async () => {
  t = await createAccountTestApp();
  tenant = await insertTenant(db());
  await db().execute(
    sql.raw(`create function injected_failure() returns trigger language plpgsql as $$
    begin raise exception 'injected failure'; end $$`),
  );
});
afterAll(() => t.close());
afterEach(async () => {
  await db().execute(sql.raw('drop trigger if exists injected_failure on refresh_tokens'));
  await db().execute(sql.raw('drop trigger if exists injected_failure on users'));
});

/** Makes the given statement on `table` fail for one user's rows. */
async function failOn(table: 'refresh_tokens' | 'users', event: 'insert' | 'update', userId: string) {
  const column = table === 'users' ? 'id' : 'user_id';
  const row = event === 'insert' ? 'new' : 'old';
  await db().execute(
    sql.raw(`create trigger injected_failure before ${event} on ${table} for each row
      when (${row}.${column} = '${userId}') execute function injected_failure()`),
  );
}

async function signIn() {
  const user = await insertUser(db(), tenant.tenant.id);
  const response = await caller(t, tenant).post('/auth/login', {
    username: user.username,
    password: user.password,
  });
  return { user, refreshToken: response.json().refreshToken as string };
}

describe('refresh-token rotation', () => {
  it('does not spend the presented token when its successor cannot be stored', async () => {
    const { user, refreshToken } = await signIn();
    await failOn('refresh_tokens', 'insert', user.id);
    const failed = await caller(t, tenant).post('/auth/refreshToken', { refreshToken });
    expect(failed.statusCode).toBe(500);
    const [presented] = await db()
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashRefreshToken(refreshToken)));
    expect(presented?.usedAt).toBeNull();
    expect(await db().select().from(refreshTokens).where(eq(refreshTokens.userId, user.id))).toHaveLength(1);

    await db().execute(sql.raw('drop trigger injected_failure on refresh_tokens'));
    const retried = await caller(t, tenant).post('/auth/refreshToken', { refreshToken });
    expect(retried.statusCode).toBe(200);
    expect(retried.json().refreshToken).not.toBe(refreshToken);
  });
});

describe('password reset with a mailed code', () => {
  it('keeps the code usable when the new password cannot be written', async () => {
    const user = await insertUser(db(), tenant.tenant.id);
    const api = caller(t, tenant);
    await api.post('/auth/forgotOTP', { username: user.username, captcha: await solvedCaptcha(api) });
    const code = await latestCode(db(), `${user.username.toLowerCase()}@example.test`);
    const reset = {
      username: user.username,
      code,
      newPassword: 'Renewed@2468',
      confirmPassword: 'Renewed@2468',
    };

    await failOn('users', 'update', user.id);
    expect((await api.post('/auth/forgotPassword', reset)).statusCode).toBe(500);
    const [live] = await db()
      .select()
      .from(oneTimeCodes)
      .where(and(eq(oneTimeCodes.userId, user.id), eq(oneTimeCodes.purpose, 'forgot_password')));
    expect(live?.consumedAt).toBeNull();
    const [unchanged] = await db().select().from(users).where(eq(users.id, user.id));
    expect(await verifyPassword(unchanged?.passwordHash ?? '', user.password)).toBe(true);

    await db().execute(sql.raw('drop trigger injected_failure on users'));
    expect((await api.post('/auth/forgotPassword', reset)).statusCode).toBe(200);
    const [changed] = await db().select().from(users).where(eq(users.id, user.id));
    expect(await verifyPassword(changed?.passwordHash ?? '', 'Renewed@2468')).toBe(true);
  });

  it('still counts a wrong code as a try', async () => {
    const user = await insertUser(db(), tenant.tenant.id);
    const api = caller(t, tenant);
    await api.post('/auth/forgotOTP', { username: user.username, captcha: await solvedCaptcha(api) });
    const code = await latestCode(db(), `${user.username.toLowerCase()}@example.test`);
    const wrong = code === '000000' ? '000001' : '000000';
    const answer = await api.post('/auth/forgotPassword', {
      username: user.username,
      code: wrong,
      newPassword: 'Renewed@2468',
      confirmPassword: 'Renewed@2468',
    });
    expect(answer.statusCode).toBe(400);
    const [row] = await db()
      .select()
      .from(oneTimeCodes)
      .where(and(eq(oneTimeCodes.userId, user.id), eq(oneTimeCodes.purpose, 'forgot_password')));
    expect(row?.attempts).toBe(1);
    expect(row?.consumedAt).toBeNull();
  });
});

describe('a failed sign-in', () => {
  it('counts the failure and sets its lock together, or not at all', async () => {
    const user = await insertUser(db(), tenant.tenant.id);
    await db().update(users).set({ failedLoginCount: 4 }).where(eq(users.id, user.id));
    // Setting the lock fails: the count must not move without it.
    await db().execute(
      sql.raw(`create trigger injected_failure before update on users for each row
        when (old.id = '${user.id}' and new.locked_until is distinct from old.locked_until)
        execute function injected_failure()`),
    );
    await expect(registerLoginFailure(db(), tenant.tenant.id, user.id)).rejects.toThrow();
    const [row] = await db().select().from(users).where(eq(users.id, user.id));
    expect(row?.failedLoginCount).toBe(4);
    expect(row?.lockedUntil).toBeNull();

    await db().execute(sql.raw('drop trigger injected_failure on users'));
    const lockedUntil = await registerLoginFailure(db(), tenant.tenant.id, user.id);
    expect(lockedUntil).toBeInstanceOf(Date);
    const [locked] = await db().select().from(users).where(eq(users.id, user.id));
    expect(locked?.failedLoginCount).toBe(5);
  });
});
