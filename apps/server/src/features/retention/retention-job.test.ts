import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.ts';
import { createTestDatabase, insertTenant, type TestDatabase } from '../../test/index.ts';
import type { PurgeReport } from './purge.ts';
import { startRetentionJob } from './retention-job.ts';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('retention job', () => {
  it('purges on its own, repeatedly, and stops', async () => {
    const db = database.handle.db;
    const { tenant } = await insertTenant(db);
    await db.insert(auditLog).values({ tenantId: tenant.id, action: 'ancient', createdAt: new Date(0) });
    const reports: PurgeReport[] = [];
    const errors: unknown[] = [];
    const job = startRetentionJob({
      db,
      retention: { outbox: 30, audit: 365, tokens: 30 },
      firstDelayMs: 0,
      intervalMs: 50,
      onReport: (report) => reports.push(report),
      onError: (error) => errors.push(error),
    });
    const deadline = Date.now() + 10_000;
    while (reports.length < 2 && Date.now() < deadline) await new Promise((done) => setTimeout(done, 20));
    await job.stop();
    const count = reports.length;
    await new Promise((done) => setTimeout(done, 150));

    expect(errors).toEqual([]);
    expect(reports[0]?.auditLog).toBe(1);
    expect(reports[1]?.auditLog).toBe(0);
    expect(await db.select().from(auditLog)).toEqual([]);
    // Stopped: no more runs.
    expect(reports.length).toBe(count);
  });
});
