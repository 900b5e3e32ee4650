import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RetentionDays } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import {
  assistantConversations,
  auditLog,
  mailOutbox,
  oneTimeCodes,
  paymentTokens,
  rateLimitCounters,
  refreshTokens,
  usedCaptchas,
} from '../../db/schema/index.ts';
import { insertBillingAccount } from '../../test/account-test-kit.ts';
import { createTestDatabase, insertTenant, insertUser, type TestDatabase } from '../../test/index.ts';
import { purgeExpiredData } from './purge.ts';

const retention: RetentionDays = { outbox: 30, audit: 365, tokens: 30 };
const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY);

let database: TestDatabase;
let db: Database;
let tenantId: string;
let userId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.handle.db;
  const fixture = await insertTenant(db);
  tenantId = fixture.tenant.id;
  userId = (await insertUser(db, tenantId)).id;
});
afterAll(() => database.close());

/** The ids (or keys) left in each table the purge looks after. */
async function remaining() {
  const [mails, audits, codes, tokens, captchas, counters, paymentLinks] = await Promise.all([
    db.select({ id: mailOutbox.toAddress, text: mailOutbox.textBody }).from(mailOutbox),
    db.select({ id: auditLog.action }).from(auditLog),
    db.select({ id: oneTimeCodes.codeHash }).from(oneTimeCodes),
    db.select({ id: refreshTokens.tokenHash }).from(refreshTokens),
    db.select({ id: usedCaptchas.challengeId }).from(usedCaptchas),
    db.select({ id: rateLimitCounters.bucket }).from(rateLimitCounters),
    db.select({ id: paymentTokens.tokenHash }).from(paymentTokens),
  ]);
  const ids = (rows: { id: string }[]) => rows.map((row) => row.id).sort();
  return {
    mails: mails.map((row) => `${row.id}:${row.text || '(erased)'}`).sort(),
    audits: ids(audits),
    codes: ids(codes),
    tokens: ids(tokens),
    captchas: ids(captchas),
    counters: ids(counters),
    paymentLinks: ids(paymentLinks),
  };
}

function mailRow(to: string, status: 'pending' | 'sent' | 'failed', createdAt: Date) {
  return {
    tenantId,
    toAddress: to,
    subject: 's',
    textBody: 'body',
    htmlBody: '<p>body</p>',
    purpose: 'test',
    status,
    createdAt,
  };
}

function tokenRow(name: string, expiresAt: Date, revokedAt: Date | null = null, usedAt: Date | null = null) {
  return { tenantId, userId, familyId: randomUUID(), tokenHash: name, expiresAt, revokedAt, usedAt };
}

describe('retention purge', () => {
  it('removes what is past its retention and keeps everything younger or still in use', async () => {
    await db.insert(mailOutbox).values([
      mailRow('old-sent', 'sent', daysAgo(31)),
      mailRow('old-failed', 'failed', daysAgo(31)),
      // However old, a pending message is still to be delivered.
      mailRow('old-pending', 'pending', daysAgo(31)),
      mailRow('week-old-sent', 'sent', daysAgo(7)),
      mailRow('new-sent', 'sent', new Date()),
    ]);
    await db.insert(auditLog).values([
      { tenantId, action: 'old', createdAt: daysAgo(366) },
      { tenantId, action: 'recent', createdAt: daysAgo(364) },
    ]);
    const code = (name: string, expiresAt: Date, consumedAt: Date | null = null) => ({
      tenantId,
      userId,
      purpose: 'tfa' as const,
      codeHash: name,
      expiresAt,
      consumedAt,
    });
    await db
      .insert(oneTimeCodes)
      .values([
        code('code-used-long-ago', daysAgo(31), daysAgo(31)),
        code('code-expired-long-ago', daysAgo(31)),
        code('code-used-yesterday', daysAgo(1), daysAgo(1)),
        code('code-live', new Date(Date.now() + 600_000)),
      ]);
    await db.insert(refreshTokens).values([
      tokenRow('token-expired-long-ago', daysAgo(31)),
      tokenRow('token-revoked-long-ago', new Date(Date.now() + 10 * DAY), daysAgo(31)),
      tokenRow('token-revoked-yesterday', new Date(Date.now() + 10 * DAY), daysAgo(1)),
      // Spent by rotation but unexpired: presenting it again must still be recognised as reuse.
      tokenRow('token-spent-live', new Date(Date.now() + 10 * DAY), null, daysAgo(40)),
      tokenRow('token-live', new Date(Date.now() + 10 * DAY)),
    ]);
    await db.insert(usedCaptchas).values([
      { challengeId: 'captcha-expired', expiresAt: new Date(Date.now() - 60_000) },
      { challengeId: 'captcha-live', expiresAt: new Date(Date.now() + 60_000) },
    ]);
    await db.insert(rateLimitCounters).values([
      {
        bucket: 'counter-ended',
        windowStart: new Date(Date.now() - 120_000),
        hits: 3,
        expiresAt: new Date(Date.now() - 60_000),
      },
      {
        bucket: 'counter-live',
        windowStart: new Date(Date.now() - 60_000),
        hits: 3,
        expiresAt: new Date(Date.now() + 60_000),
      },
    ]);

    const accountId = (await insertBillingAccount(db, tenantId)).id;
    const link = (tokenHash: string, expiresAt: Date) => ({
      tenantId,
      kind: 'checkout' as const,
      tokenHash,
      accountId,
      channel: 'portal' as const,
      expiresAt,
    });
    await db
      .insert(paymentTokens)
      .values([link('link-expired-long-ago', daysAgo(31)), link('link-expired-yesterday', daysAgo(1))]);

    await db.insert(assistantConversations).values([
      { tenantId, language: 'en', updatedAt: daysAgo(91) },
      { tenantId, language: 'en', updatedAt: daysAgo(89) },
    ]);

    const report = await purgeExpiredData(db, retention);

    expect(await remaining()).toEqual({
      // A week-old message keeps its row but not its text; a pending one keeps both.
      mails: ['new-sent:body', 'old-pending:body', 'week-old-sent:(erased)'],
      audits: ['recent'],
      codes: ['code-live', 'code-used-yesterday'],
      tokens: ['token-live', 'token-revoked-yesterday', 'token-spent-live'],
      captchas: ['captcha-live'],
      counters: ['counter-live'],
      paymentLinks: ['link-expired-yesterday'],
    });
    expect(await db.select({ id: assistantConversations.id }).from(assistantConversations)).toHaveLength(1);
    expect(report).toEqual({
      // The two 31-day-old rows lose their text first, then go.
      mailBodies: 3,
      mailOutbox: 2,
      auditLog: 1,
      oneTimeCodes: 2,
      refreshTokens: 2,
      usedCaptchas: 1,
      rateLimitCounters: 1,
      paymentTokens: 1,
      assistantConversations: 1,
    });
    // Run again (another instance, the next hour): nothing left to do.
    expect(Object.values(await purgeExpiredData(db, retention)).every((count) => count === 0)).toBe(true);
  });

  it('follows the configured days', async () => {
    await db.insert(auditLog).values({ tenantId, action: 'ten-days-old', createdAt: daysAgo(10) });
    await purgeExpiredData(db, { ...retention, audit: 11 });
    expect((await remaining()).audits).toContain('ten-days-old');
    await purgeExpiredData(db, { ...retention, audit: 9 });
    expect((await remaining()).audits).not.toContain('ten-days-old');
  });

  it('takes bounded batches, and instances purging at once remove each row once between them', async () => {
    await db.delete(auditLog);
    const rows = Array.from({ length: 25 }, (_, index) => ({
      tenantId,
      action: `a${index}`,
      createdAt: daysAgo(400),
    }));
    await db.insert(auditLog).values(rows);

    const bounded = await purgeExpiredData(db, retention, { batchSize: 4, maxBatches: 2 });
    expect(bounded.auditLog).toBe(8);
    expect((await remaining()).audits).toHaveLength(17);

    const together = await Promise.all([
      purgeExpiredData(db, retention, { batchSize: 3, maxBatches: 10 }),
      purgeExpiredData(db, retention, { batchSize: 3, maxBatches: 10 }),
    ]);
    expect(together[0].auditLog + together[1].auditLog).toBe(17);
    expect((await remaining()).audits).toEqual([]);
  });
});
