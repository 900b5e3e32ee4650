// Notices on the seeded demo utility: the due-date reminder and the past-due notice each once per
// bill however often and however many at once the scheduler runs, caught up after downtime, in the
// customer's language, with a signed one-click unsubscribe link (text and RFC 8058 headers) that
// turns off that type only; preferences over the API for the signed-in user only.
import { ACCESS_TOKEN_HEADER, basicAuthorization, NOTICE_TYPES } from '@gridfront/contracts';
import { and, desc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  autopayEnrollments,
  autopayRuns,
  bills,
  customerAccounts,
  ledgerEntries,
  mailOutbox,
  noticesSent,
  tenants,
  users,
} from '../../db/schema/index.ts';
import { addDays } from '../../domain/calendar/local-day.ts';
import { DEMO_LOGIN } from '../../seed/index.ts';
import { signedInToken } from '../../test/account-test-kit.ts';
import { type BillingTestWorld, createBillingTestWorld } from '../../test/billing-test-kit.ts';
import { insertTenant, insertUser } from '../../test/index.ts';
import { runAutopay } from '../autopay/autopay-runner.ts';
import { renderBillDueNotice } from '../mail/templates/notice-bill-due.ts';
import { sendBillDueNotices } from './bill-due-scheduler.ts';
import { preferencesOf, setPreferences, wantsNotice } from './preferences.ts';
import { sendNotice } from './send-notice.ts';

const WORLD_NOW = new Date('2026-10-15T12:00:00Z');
const PUBLIC_URL = 'https://portal.example';
let world: BillingTestWorld;

beforeAll(async () => {
  world = await createBillingTestWorld(WORLD_NOW);
});

afterAll(async () => {
  await world?.t.close();
});

const db = () => world.t.database.handle.db;
const noon = (date: string) => new Date(`${date}T18:00:00Z`);
const run = (date: string) => sendBillDueNotices(db(), { publicUrl: PUBLIC_URL, now: noon(date) });

async function demoBill() {
  const [bill] = await db()
    .select()
    .from(bills)
    .where(eq(bills.accountId, world.demo.accountId))
    .orderBy(desc(bills.billDate))
    .limit(1);
  if (!bill) throw new Error('the demo account has no bill');
  return bill;
}

const mailsOf = (purpose: string, to: string = DEMO_LOGIN.email) =>
  db()
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.purpose, purpose), eq(mailOutbox.toAddress, to)));

function tokenOf(mail: { headers: Record<string, string> | null }): string {
  const link = /^<(.+)>$/.exec(mail.headers?.['List-Unsubscribe'] ?? '')?.[1];
  const token = link ? new URL(link).searchParams.get('token') : null;
  if (!token) throw new Error('the notice has no unsubscribe link');
  return token;
}

const unsubscribe = (method: 'GET' | 'POST', token: string, host = 'localhost') =>
  world.t.app.inject({
    method,
    url: `/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`,
    headers: {
      host,
      ...(method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
    },
    ...(method === 'POST' ? { payload: 'List-Unsubscribe=One-Click' } : {}),
  });

describe('due-date reminders and past-due notices', () => {
  it('sends the reminder once, from N days before the due date, in the customer language, after downtime too', async () => {
    const bill = await demoBill();
    expect(bill.amountDueCents).toBeGreaterThan(0);
    await db().update(users).set({ locale: 'de' }).where(eq(users.id, world.demo.userId));

    // Six days before: not yet (the default is five).
    expect((await run(addDays(bill.dueDate, -6))).reminders).toBe(0);
    expect(await mailsOf('notice-due-reminder')).toHaveLength(0);

    // The server was down from five days before until two days before: it catches up once,
    // however many passes run together or after.
    const late = addDays(bill.dueDate, -2);
    await Promise.all([run(late), run(late), run(late)]);
    await run(late);
    await run(addDays(bill.dueDate, -1));
    await run(bill.dueDate);
    const reminders = await mailsOf('notice-due-reminder');
    expect(reminders).toHaveLength(1);
    const [reminder] = reminders;
    if (!reminder) throw new Error('no reminder');
    expect(reminder.subject).toContain('Ihre Rechnung ist bald fällig');
    expect(reminder.textBody).toContain(
      'Diese E-Mails abbestellen: https://portal.example/api/notifications/unsubscribe?token=',
    );
    expect(reminder.htmlBody).toContain('href="https://portal.example/api/notifications/unsubscribe?token=');
    expect(reminder.headers?.['List-Unsubscribe']).toMatch(
      /^<https:\/\/portal\.example\/api\/notifications\/unsubscribe\?token=[\w.%-]+>$/,
    );
    expect(reminder.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const recorded = await db()
      .select()
      .from(noticesSent)
      .where(eq(noticesSent.eventKey, `due_reminder:${bill.id}`));
    expect(recorded).toHaveLength(1);
    expect(recorded[0]?.mailId).toBe(reminder.id);
    await db().update(users).set({ locale: 'en' }).where(eq(users.id, world.demo.userId));
  });

  it('sends the past-due notice once after the due date, not after its window', async () => {
    const bill = await demoBill();
    await Promise.all([run(addDays(bill.dueDate, 1)), run(addDays(bill.dueDate, 1))]);
    await run(addDays(bill.dueDate, 3));
    const notices = await mailsOf('notice-past-due');
    expect(notices).toHaveLength(1);
    expect(notices[0]?.subject).toContain('your bill is past due');
    expect(notices[0]?.textBody).toMatch(/Amount unpaid: \$[\d,]+\.\d\d/);
  });

  it('renders both notices in each language', () => {
    const brand = { name: 'Utility', theme: 'green' as const, phone: '1', email: 'a@b.c' };
    const content = {
      recipientName: 'A',
      accountNumberLast4: '1234',
      unpaidCents: 12_345,
      dueDate: '2026-05-24',
      accountInfoUrl: 'https://x/accountInfo',
    };
    expect(renderBillDueNotice('reminder', 'es', brand, content).subject).toContain('vence pronto');
    expect(renderBillDueNotice('pastDue', 'ta', brand, content).subject).toContain('கெடு');
    expect(renderBillDueNotice('pastDue', 'de', brand, content).text).toContain('Offener Betrag: 123,45');
    expect(renderBillDueNotice('reminder', 'xx', brand, content).text).toContain('Due date: May 24, 2026');
  });
});

describe('one-click unsubscribe', () => {
  it('GET asks to confirm and changes nothing; POST turns off that type only', async () => {
    const [reminder] = await mailsOf('notice-due-reminder');
    if (!reminder) throw new Error('no reminder');
    const token = tokenOf(reminder);

    const page = await unsubscribe('GET', token);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<form method="post"');
    expect(page.body).toContain(DEMO_LOGIN.email);
    expect(
      await wantsNotice(db(), { tenantId: world.tenantId, email: DEMO_LOGIN.email, type: 'due_reminder' }),
    ).toBe(true);

    const done = await unsubscribe('POST', token);
    expect(done.statusCode).toBe(200);
    // In the language the notice was written in (German, from the first test).
    expect(done.body).toContain(
      'Abbestellt: demo@example.com erhält keine „Zahlungserinnerungen“-E-Mails mehr',
    );
    const preferences = await preferencesOf(db(), world.tenantId, DEMO_LOGIN.email);
    expect(preferences).toEqual({
      bill_ready: true,
      due_reminder: false,
      past_due: true,
      autopay: true,
      service_requests: true,
    });
    // What the settings page shows for the signed-in demo user.
    const shown = await world.demo.api.get('/notifications/preferences');
    expect(shown.json()).toMatchObject({ email: DEMO_LOGIN.email, preferences: { due_reminder: false } });
  });

  it('refuses forged tokens, and tokens taken to another utility', async () => {
    const [notice] = await mailsOf('notice-past-due');
    if (!notice) throw new Error('no past-due notice');
    const token = tokenOf(notice);
    const [payload, signature] = token.split('.');
    const claim = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as Record<string, string>;
    const otherPayload = Buffer.from(JSON.stringify({ ...claim, e: 'someone@else.example' })).toString(
      'base64url',
    );
    const forged = [
      `${otherPayload}.${signature}`,
      `${payload}.${Buffer.alloc(32, 7).toString('base64url')}`,
      `${payload}`,
      'not-a-token',
    ];
    for (const bad of forged) {
      expect((await unsubscribe('POST', bad)).statusCode, bad).toBe(400);
      expect((await unsubscribe('GET', bad)).statusCode, bad).toBe(400);
    }
    expect(await preferencesOf(db(), world.tenantId, 'someone@else.example')).toMatchObject({
      past_due: true,
    });

    const other = await insertTenant(db(), { isDefault: false, domains: ['other-utility.example'] });
    world.t.app.tenants.invalidate();
    const elsewhere = await unsubscribe('POST', token, 'other-utility.example');
    expect(elsewhere.statusCode).toBe(400);
    expect(await preferencesOf(db(), other.tenant.id, DEMO_LOGIN.email)).toMatchObject({ past_due: true });
    expect(await preferencesOf(db(), world.tenantId, DEMO_LOGIN.email)).toMatchObject({ past_due: true });

    // The genuine token still works at its own utility.
    expect((await unsubscribe('POST', token)).statusCode).toBe(200);
    expect(await preferencesOf(db(), world.tenantId, DEMO_LOGIN.email)).toMatchObject({ past_due: false });
  });
});

describe('preferences', () => {
  it('reads and changes only the signed-in user address; every type on by default', async () => {
    const before = await world.other.api.get('/notifications/preferences');
    expect(before.statusCode).toBe(200);
    const body = before.json() as { email: string; preferences: Record<string, boolean> };
    expect(Object.keys(body.preferences).sort()).toEqual([...NOTICE_TYPES].sort());
    expect(Object.values(body.preferences).every(Boolean)).toBe(true);
    expect(body.email).not.toBe(DEMO_LOGIN.email);

    const changed = await world.t.app.inject({
      method: 'PUT',
      url: '/api/notifications/preferences',
      headers: {
        authorization: basicAuthorization(...(await clientCredential())),
        [ACCESS_TOKEN_HEADER]: world.other.accessToken,
      },
      payload: { preferences: { bill_ready: false, autopay: false } },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      preferences: { bill_ready: false, autopay: false, past_due: true },
    });
    // Demo's own choices are untouched by the other customer's change.
    expect(await preferencesOf(db(), world.tenantId, DEMO_LOGIN.email)).toMatchObject({
      bill_ready: true,
      autopay: true,
    });
  });

  it('refuses unknown types and anonymous callers', async () => {
    const headers = {
      authorization: basicAuthorization(...(await clientCredential())),
    };
    const anonymous = await world.t.app.inject({
      method: 'GET',
      url: '/api/notifications/preferences',
      headers,
    });
    expect(anonymous.statusCode).toBe(401);
    const bad = await world.t.app.inject({
      method: 'PUT',
      url: '/api/notifications/preferences',
      headers: { ...headers, [ACCESS_TOKEN_HEADER]: world.demo.accessToken },
      payload: { preferences: { fax: true } },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('a user of another utility has their own choices', async () => {
    const other = await insertTenant(db(), { isDefault: false, domains: ['third-utility.example'] });
    world.t.app.tenants.invalidate();
    const user = await insertUser(db(), other.tenant.id);
    const token = await signedInToken(world.t, other.tenant.id, user.id);
    const read = (host: string) =>
      world.t.app.inject({
        method: 'GET',
        url: '/api/notifications/preferences',
        headers: { host, authorization: other.authorization, [ACCESS_TOKEN_HEADER]: token },
      });
    const own = await read('third-utility.example');
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ email: `${user.username.toLowerCase()}@example.test` });
    // The same token at the demo utility's host is not a session there.
    expect((await read('localhost')).statusCode).not.toBe(200);
  });
});

describe('sendNotice (bill ready, AutoPay and service request notices go through it)', () => {
  it('turning off one type stops only that type', async () => {
    const mail = { subject: 's', text: 't', html: '<html><body><div><div>x</div></div></body></html>' };
    await setPreferences(db(), world.tenantId, 'notice-target@example.test', { bill_ready: false });
    const send = (type: 'bill_ready' | 'service_requests', key: string) =>
      db().transaction((tx) =>
        sendNotice(tx, {
          tenantId: world.tenantId,
          type,
          eventKey: key,
          to: 'Notice-Target@example.test',
          locale: 'en',
          purpose: `test-${type}`,
          publicUrl: PUBLIC_URL,
          mail,
        }),
      );
    expect(await send('bill_ready', 'test:bill-1')).toBe('opted_out');
    expect(await send('service_requests', 'test:request-1')).toBe('queued');
    expect(await send('service_requests', 'test:request-1')).toBe('already_sent');
    const sent = await db().select().from(mailOutbox).where(like(mailOutbox.purpose, 'test-%'));
    expect(sent.map((row) => row.purpose)).toEqual(['test-service_requests']);
  });
});

async function clientCredential(): Promise<[string, string]> {
  const [tenant] = await db().select().from(tenants).where(eq(tenants.id, world.tenantId));
  if (!tenant) throw new Error('no tenant');
  return [tenant.appClientId, tenant.appClientSecret];
}

describe('AutoPay notices', () => {
  it('carry an unsubscribe link for AutoPay notices; once used, the next AutoPay notice is not sent', async () => {
    const bill = await demoBill();
    await db()
      .update(autopayEnrollments)
      .set({ status: 'cancelled' })
      .where(eq(autopayEnrollments.accountId, world.demo.accountId));
    // No saved payment method: the notice goes out before the due date, then the withdrawal fails.
    await db()
      .insert(autopayEnrollments)
      .values({
        tenantId: world.tenantId,
        accountId: world.demo.accountId,
        userId: world.demo.userId,
        entityName: 'Jamie Demo',
        autoPayMethod: 'card',
        sourceBrand: 'visa',
        sourceLast4: '4242',
        startDate: addDays(bill.dueDate, -20),
        status: 'active',
      });
    await runAutopay(db(), world.t.app.paymentProcessor, noon(addDays(bill.dueDate, -2)), PUBLIC_URL);
    const notices = await mailsOf('autopay-notice');
    expect(notices).toHaveLength(1);
    const [notice] = notices;
    if (!notice) throw new Error('no AutoPay notice');
    expect(notice.textBody).toContain('"AutoPay notices" is turned on in your Settings.');
    expect((await unsubscribe('POST', tokenOf(notice))).statusCode).toBe(200);
    expect(await preferencesOf(db(), world.tenantId, DEMO_LOGIN.email)).toMatchObject({
      autopay: false,
      bill_ready: true,
    });

    await runAutopay(db(), world.t.app.paymentProcessor, noon(bill.dueDate), PUBLIC_URL);
    const [run] = await db().select().from(autopayRuns).where(eq(autopayRuns.billId, bill.id));
    expect(run?.status).toBe('failed');
    expect(await mailsOf('autopay-failed')).toHaveLength(0);
  });
});

describe('the development trigger', () => {
  it('runs the scheduler for this machine only', async () => {
    const from = (remoteAddress: string) =>
      world.t.app.inject({
        method: 'POST',
        url: '/dev/notifications/run',
        remoteAddress,
        payload: { now: '2026-10-15T18:00:00Z' },
      });
    expect((await from('10.9.8.7')).statusCode).toBe(404);
    const local = await from('127.0.0.1');
    expect(local.statusCode).toBe(200);
    expect(local.json()).toEqual({
      reminders: expect.any(Number),
      pastDue: expect.any(Number),
      optedOut: expect.any(Number),
    });
  });
});

describe("the utility's reminder lead time", () => {
  it('is set by its admins only (1-30 days), and the scheduler follows it', async () => {
    const [admin] = await db()
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.tenantId, world.tenantId), eq(users.role, 'admin')));
    if (!admin) throw new Error('the demo has no admin');
    const credential = basicAuthorization(...(await clientCredential()));
    const put = async (accessToken: string, reminderDaysBefore: unknown) =>
      world.t.app.inject({
        method: 'PUT',
        url: '/api/notifications/settings',
        headers: { authorization: credential, [ACCESS_TOKEN_HEADER]: accessToken },
        payload: { reminderDaysBefore },
      });
    const adminToken = await signedInToken(world.t, world.tenantId, admin.id);
    expect((await put(world.demo.accessToken, 10)).statusCode).toBe(403);
    expect((await put(adminToken, 31)).statusCode).toBe(400);
    const set = await put(adminToken, 12);
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ reminderDaysBefore: 12 });

    // The other customer's latest bill, made unpaid for this test: 12 days before it falls due the
    // reminder goes, 13 days before it does not.
    const [bill] = await db()
      .select()
      .from(bills)
      .where(eq(bills.accountId, world.other.accountId))
      .orderBy(desc(bills.billDate))
      .limit(1);
    if (!bill) throw new Error('no bill');
    await db()
      .insert(ledgerEntries)
      .values({
        tenantId: world.tenantId,
        accountId: world.other.accountId,
        entryDate: bill.billDate,
        kind: 'adjustment',
        transactionType: 'ADJ',
        description: 'Test: owed again',
        amountCents: Math.max(bill.amountDueCents, 1_000),
      });
    await db()
      .update(bills)
      .set({ amountDueCents: Math.max(bill.amountDueCents, 1_000) })
      .where(eq(bills.id, bill.id));
    const [account] = await db()
      .select()
      .from(customerAccounts)
      .where(eq(customerAccounts.id, world.other.accountId));
    if (!account?.email) throw new Error('the other account has no e-mail');
    await db()
      .update(autopayEnrollments)
      .set({ status: 'cancelled' })
      .where(eq(autopayEnrollments.accountId, account.id));
    await run(addDays(bill.dueDate, -13));
    expect(await mailsOf('notice-due-reminder', account.email)).toHaveLength(0);
    await run(addDays(bill.dueDate, -12));
    expect(await mailsOf('notice-due-reminder', account.email)).toHaveLength(1);
  });
});
