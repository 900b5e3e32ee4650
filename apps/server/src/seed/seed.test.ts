import { verify } from '@node-rs/argon2';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../db/client.ts';
import { applyMigrations } from '../db/migrate.ts';
import { readDayTotals, readIntervalDays } from '../features/meter-reads/meter-reads.ts';
import {
  accountNumberFor,
  DEMO_ACCOUNT_PIN,
  DEMO_LOGIN,
  EXTRA_DEMO_USERS,
  seedDemoUtility,
  seedIfEmpty,
} from './index.ts';

// A fresh in-memory PGlite per database; the seed is checked through plain SQL, as a reader sees it.
let handle: DatabaseHandle;
let firstRun: boolean;
let secondRun: boolean;

async function rows<T>(h: DatabaseHandle, query: string): Promise<T[]> {
  const result = await h.db.execute(sql.raw(query));
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

beforeAll(async () => {
  handle = await openDatabase({});
  await applyMigrations(handle);
  firstRun = await seedIfEmpty(handle.db, { accounts: 5, months: 3 });
  secondRun = await seedIfEmpty(handle.db, { accounts: 5, months: 3 });
});

afterAll(async () => {
  await handle?.close();
});

describe('seedIfEmpty', () => {
  it('seeds an empty database once', async () => {
    expect(firstRun).toBe(true);
    expect(secondRun).toBe(false);
    const [tenants] = await rows<{ count: number }>(handle, 'select count(*)::int as count from tenants');
    const [accounts] = await rows<{ count: number }>(
      handle,
      'select count(*)::int as count from customer_accounts',
    );
    expect(tenants?.count).toBe(1);
    expect(accounts?.count).toBe(5);
  });

  it('creates the default tenant with its hosts, the built-in test processor as the active platform and invoiceCloud listed', async () => {
    const [tenant] = await rows<{
      slug: string;
      is_default: boolean;
      app_client_id: string;
      time_zone: string;
    }>(handle, 'select slug, is_default, app_client_id, time_zone from tenants');
    expect(tenant).toEqual({
      slug: 'demo',
      is_default: true,
      app_client_id: 'gridfront-demo-portal',
      time_zone: 'America/Chicago',
    });
    const hosts = await rows<{ host: string }>(handle, 'select host from tenant_domains order by host');
    expect(hosts.map((h) => h.host)).toEqual(['127.0.0.1', 'localhost']);
    const platforms = await rows<{ platform_key: string; is_enable: boolean }>(
      handle,
      'select platform_key, is_enable from payment_platforms order by sort_order',
    );
    expect(platforms.map((p) => [p.platform_key, p.is_enable])).toEqual([
      ['gridfront', true],
      ['invoiceCloud', false],
      ['paymentus', false],
      ['kubra', false],
    ]);
    const staff = await rows<{ username: string; role: string }>(
      handle,
      "select username, role from users where role <> 'customer' order by username",
    );
    expect(staff).toEqual([
      { username: 'admin', role: 'admin' },
      { username: 'agent', role: 'agent' },
    ]);
  });
});

describe('the demo login', () => {
  it('signs in with Demo@12345 and owns a verified profile without 2FA', async () => {
    const [user] = await rows<{
      password_hash: string;
      email: string;
      verified: boolean;
      tfa_enabled: boolean;
    }>(
      handle,
      `select password_hash, email, email_verified_at is not null as verified, tfa_enabled
         from users where lower(username) = 'demo'`,
    );
    expect(user?.email).toBe(DEMO_LOGIN.email);
    expect(user?.verified).toBe(true);
    expect(user?.tfa_enabled).toBe(false);
    expect(user?.password_hash.startsWith('$argon2id$v=19$m=19456,t=2,p=1$')).toBe(true);
    expect(await verify(user?.password_hash ?? '', DEMO_LOGIN.password)).toBe(true);
    expect(await verify(user?.password_hash ?? '', 'demo@12345')).toBe(false);
    const [profile] = await rows<{ count: number }>(
      handle,
      `select count(*)::int as count from profiles p join users u on u.id = p.user_id where u.username = 'demo'`,
    );
    expect(profile?.count).toBe(1);
  });

  it('has a solar home with all four services, exporting to the grid, and a PIN that verifies', async () => {
    const [account] = await rows<{ id: string; account_number: string; pin_hash: string }>(
      handle,
      `select a.id, a.account_number, a.pin_hash from customer_accounts a
         join user_accounts ua on ua.account_id = a.id join users u on u.id = ua.user_id where u.username = 'demo'`,
    );
    expect(account?.account_number).toMatch(/^\d{10}$/);
    expect(await verify(account?.pin_hash ?? '', DEMO_ACCOUNT_PIN)).toBe(true);
    const services = await rows<{ utility_type: string }>(
      handle,
      `select utility_type from services where account_id = '${account?.id}' order by utility_type`,
    );
    expect(services.map((s) => s.utility_type)).toEqual(['electricity', 'gas', 'water', 'sewer']);
    const [solar] = await rows<{ has_solar: boolean; exported: number; generated: number; days: number }>(
      handle,
      `select p.has_solar, sum(d.exported)::int as exported, sum(d.generated)::int as generated,
              count(d.imported)::int as days
         from premises p join services s on s.premise_id = p.id join meters m on m.service_id = s.id
         join interval_months r on r.meter_id = m.id,
              unnest(r.import_day_wh, r.export_day_wh, r.generation_day_wh) as d(imported, exported, generated)
        where p.account_id = '${account?.id}' and m.bidirectional group by p.has_solar`,
    );
    expect(solar?.has_solar).toBe(true);
    expect(solar?.exported).toBeGreaterThan(10_000);
    // Production covers the export and what the home used itself.
    expect(solar?.generated).toBeGreaterThan((solar?.exported ?? 0) + 10_000);
    expect(solar?.days).toBeGreaterThan(59);
    const [open] = await rows<{ status: string; amount_due_cents: number }>(
      handle,
      `select status, amount_due_cents from bills where account_id = '${account?.id}' order by bill_date desc limit 1`,
    );
    expect(open?.status).not.toBe('paid');
  });
});

describe('the other demo logins', () => {
  it('each owns its own account of the seed, with its e-mail, a verified address, a profile and the demo password', async () => {
    // Five accounts are seeded here: the logins on accounts 1–4 exist, the ones further on do not.
    const expected = EXTRA_DEMO_USERS.filter((user) => user.accountIndex < 5);
    expect(expected.length).toBeGreaterThanOrEqual(4);
    const owned = await rows<{
      username: string;
      email: string;
      account_number: string;
      account_email: string;
      verified: boolean;
      profiles: number;
      password_hash: string;
    }>(
      handle,
      `select u.username, u.email, a.account_number, a.email as account_email,
              u.email_verified_at is not null as verified, u.password_hash,
              (select count(*)::int from profiles p where p.user_id = u.id) as profiles
         from users u join user_accounts ua on ua.user_id = u.id
         join customer_accounts a on a.id = ua.account_id
        where u.role = 'customer' and u.username <> '${DEMO_LOGIN.username}' order by u.username`,
    );
    expect(owned.map(({ password_hash: _, ...login }) => login)).toEqual(
      expected
        .map((user) => ({
          username: user.username,
          email: user.email,
          account_number: accountNumberFor(user.accountIndex),
          account_email: user.email,
          verified: true,
          profiles: 1,
        }))
        .sort((a, b) => a.username.localeCompare(b.username)),
    );
    for (const login of owned) expect(await verify(login.password_hash, DEMO_LOGIN.password)).toBe(true);
  });
});

describe('seeded usage and bills', () => {
  it('stores every local day of each electric meter, totals matching the readings', async () => {
    const electric = await rows<{ id: string; bidirectional: boolean }>(
      handle,
      `select id, bidirectional from meters where utility_type = 'electricity'`,
    );
    expect(electric).toHaveLength(5);
    const sum = (values: number[]) => values.reduce((total, v) => total + v, 0);
    for (const meter of electric) {
      const days = await readIntervalDays(handle.db, meter.id, '2000-01-01', '2100-01-01');
      const totals = await readDayTotals(handle.db, meter.id, '2000-01-01', '2100-01-01');
      const first = days[0]?.date ?? '';
      const last = days.at(-1)?.date ?? '';
      expect(days.length).toBe((Date.parse(last) - Date.parse(first)) / 86_400_000 + 1);
      expect(totals.map((t) => t.date)).toEqual(days.map((d) => d.date));
      for (const [i, day] of days.entries()) {
        expect([92, 96, 100]).toContain(day.importWh.length);
        // A solar premise has a bidirectional meter and a production meter; the others neither.
        expect(day.exportWh?.length ?? null).toBe(meter.bidirectional ? day.importWh.length : null);
        expect(day.generationWh?.length ?? null).toBe(meter.bidirectional ? day.importWh.length : null);
        expect(totals[i]).toEqual({
          date: day.date,
          importWh: sum(day.importWh),
          exportWh: sum(day.exportWh ?? []),
          generationWh: day.generationWh && sum(day.generationWh),
          estimated: false,
        });
      }
    }
    expect(electric.some((meter) => meter.bidirectional)).toBe(true);
  });

  it('prices bills whose segments sum their line items and whose charges sum their segments', async () => {
    const segments = await rows<{ id: string }>(
      handle,
      `select s.id from bill_segments s left join bill_line_items li on li.segment_id = s.id
        group by s.id, s.amount_cents having s.amount_cents <> coalesce(sum(li.amount_cents), 0)`,
    );
    expect(segments).toEqual([]);
    const bills = await rows<{ id: string }>(
      handle,
      `select b.id from bills b
        where b.current_charges_cents <>
              (select coalesce(sum(amount_cents), 0) from bill_segments where bill_id = b.id)
            + (select coalesce(sum(amount_cents), 0) from ledger_entries where bill_id = b.id and kind = 'late_fee')`,
    );
    expect(bills).toEqual([]);
    const [count] = await rows<{ count: number }>(handle, 'select count(*)::int as count from bills');
    expect(count?.count).toBeGreaterThanOrEqual(5);
  });

  it("keeps each bill's amount due equal to the ledger balance on its bill date", async () => {
    const mismatches = await rows<{ id: string }>(
      handle,
      `select b.id from bills b
        where b.amount_due_cents <> (select coalesce(sum(amount_cents), 0) from ledger_entries l
                                      where l.account_id = b.account_id and l.entry_date <= b.bill_date)
           or b.amount_due_cents <> b.previous_balance_cents - b.payments_received_cents + b.current_charges_cents`,
    );
    expect(mismatches).toEqual([]);
    const [payments] = await rows<{ count: number; bad_fee: number }>(
      handle,
      `select count(*)::int as count,
              count(*) filter (where method = 'ach' and fee_cents <> 75)::int as bad_fee from payments`,
    );
    expect(payments?.bad_fee).toBe(0);
  });
});

describe('determinism', () => {
  it('gives the same utility for the same seed and day', async () => {
    const now = new Date(Date.UTC(2025, 4, 20, 12));
    const digest = async () => {
      const h = await openDatabase({});
      try {
        await applyMigrations(h);
        await seedDemoUtility(h.db, { accounts: 3, seed: 77, months: 2, now });
        return await rows<Record<string, unknown>>(
          h,
          `select (select string_agg(account_number || holder_name, ',' order by account_number) from customer_accounts) as a,
                  (select sum(d)::bigint::text from interval_months, unnest(import_day_wh) d) as i,
                  (select md5(string_agg(intervals, ''::bytea order by meter_id, month)) from interval_months) as r,
                  (select string_agg(bill_number || ':' || amount_due_cents, ',' order by bill_number) from bills) as b,
                  (select string_agg(id::text, ',' order by id) from meters) as m`,
        );
      } finally {
        await h.close();
      }
    };
    const first = await digest();
    expect(await digest()).toEqual(first);
    expect(first[0]?.b).toMatch(/-202504:/);
  });
});
