// A lockout must not tell whether a username exists: a real user and a name that belongs to nobody
// get the same statuses, messages and waits at every step of the schedule, and cost the same work.
import { eq, like, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimitCounters, users } from '../../db/schema/index.ts';
import { caller, createAccountTestApp } from '../../test/account-test-kit.ts';
import { insertTenant, insertUser, type TenantFixture, type TestApp } from '../../test/index.ts';
import { LOCKOUT, lockoutMinutes, registerLoginFailure } from './lockout.ts';

let t: TestApp;
let tenant: TenantFixture;
const db = () => t.database.handle.db;

beforeAll(async () => {
  t = await createAccountTestApp();
  tenant = await insertTenant(db());
});
afterAll(() => t.close());

interface Observed {
  status: number;
  message: string;
  retryAfter: number | null;
}

function observe(response: LightMyRequestResponse): Observed {
  const retryAfter = response.headers['retry-after'];
  return {
    status: response.statusCode,
    message: response.json().message,
    retryAfter: retryAfter === undefined ? null : Number(retryAfter),
  };
}

/** Moves a name's whole lockout state back in time, as if `seconds` had passed. */
async function age(userId: string, unknownName: string, seconds: number) {
  const shift = sql`make_interval(secs => ${seconds})`;
  await db()
    .update(users)
    .set({ lockedUntil: sql`${users.lockedUntil} - ${shift}` })
    .where(eq(users.id, userId));
  await db()
    .update(rateLimitCounters)
    .set({ expiresAt: sql`${rateLimitCounters.expiresAt} - ${shift}` })
    .where(like(rateLimitCounters.bucket, `%:login-unknown-lock:${unknownName}`));
}

describe('lockout of known and unknown usernames', () => {
  it('answers both alike through the whole schedule: lock, expiry, a doubled lock, forgetting', async () => {
    const known = await insertUser(db(), tenant.tenant.id, { username: 'realperson' });
    const unknownName = 'ghostperson';
    const knownApi = caller(t, tenant, '10.70.0.1');
    const unknownApi = caller(t, tenant, '10.70.0.2');
    const attempt = async (password: string) => {
      const [a, b] = await Promise.all([
        knownApi.post('/auth/login', { username: known.username, password }),
        unknownApi.post('/auth/login', { username: unknownName, password }),
      ]);
      return [observe(a), observe(b)] as const;
    };
    const expectAlike = (pair: readonly [Observed, Observed], status: number) => {
      const [a, b] = pair;
      expect(a.status).toBe(status);
      expect(b.status).toBe(status);
      expect(b.message).toBe(a.message);
      // Retry-After is rounded up to a second; the two calls may straddle one.
      if (a.retryAfter === null) expect(b.retryAfter).toBeNull();
      else expect(Math.abs((b.retryAfter ?? 0) - a.retryAfter)).toBeLessThanOrEqual(1);
    };

    for (let failure = 1; failure <= LOCKOUT.threshold; failure += 1) {
      expectAlike(await attempt(`Wrong@${failure}x`), 401);
    }
    const locked = await attempt('Wrong@locked1');
    expectAlike(locked, 429);
    expect(locked[0].message).toContain('Please try again in 1 minute.');

    // The one-minute lock ends for both (the unknown name used to stay locked for the hour).
    await age(known.id, unknownName, 61);
    expectAlike(await attempt('Wrong@after1'), 401);
    // That sixth failure locks both for two minutes.
    const doubled = await attempt('Wrong@after2');
    expectAlike(doubled, 429);
    expect(doubled[0].message).toContain('Please try again in 2 minutes.');
    expect(doubled[0].retryAfter).toBeGreaterThan(60);

    // A day after the lock ended the count starts again for both: one failure locks nobody.
    await age(known.id, unknownName, 2 * 60 + LOCKOUT.forgetAfterHours * 3600 + 60);
    expectAlike(await attempt('Wrong@later1'), 401);
    expectAlike(await attempt('Wrong@later2'), 401);
  });

  it('spends a password check on an unknown name as on a real one', async () => {
    const known = await insertUser(db(), tenant.tenant.id, { username: 'timedperson' });
    const api = caller(t, tenant, '10.71.0.1');
    const time = async (username: string) => {
      const started = performance.now();
      const response = await api.post('/auth/login', { username, password: 'Wrong@timing1' });
      expect(response.statusCode).toBe(401);
      return performance.now() - started;
    };
    const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
    const knownTimes: number[] = [];
    const unknownTimes: number[] = [];
    for (let round = 0; round < 3; round += 1) {
      knownTimes.push(await time(known.username));
      unknownTimes.push(await time(`nobody-timed-${round}`));
    }
    // Generous, for a busy machine: without the decoy check an unknown name answers many times faster.
    expect(median(unknownTimes)).toBeGreaterThan(median(knownTimes) * 0.4);
  });

  it('counts parallel failures and sets the lock they earn in one statement', async () => {
    const user = await insertUser(db(), tenant.tenant.id);
    const failures = 8;
    await Promise.all(
      Array.from({ length: failures }, () => registerLoginFailure(db(), tenant.tenant.id, user.id)),
    );
    const [row] = await db().select().from(users).where(eq(users.id, user.id));
    expect(row?.failedLoginCount).toBe(failures);
    const minutes = ((row?.lockedUntil?.getTime() ?? 0) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(lockoutMinutes(failures) - 0.5);
    expect(minutes).toBeLessThanOrEqual(lockoutMinutes(failures));
  });
});
