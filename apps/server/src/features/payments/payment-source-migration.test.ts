// Migration 0029: payment sources kept as brand or bank and last four digits instead of English
// labels. The seeded database is put back as it was before 0029 (English labels, the 0025 answer
// function), then 0029 runs as the migrator runs it; every label comes back as data, and the stored
// getUserDetails answers carry the source both ways. Runs on PGlite, or on PostgreSQL with DATABASE_URL.
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BillingTestWorld, createBillingTestWorld } from '../../test/billing-test-kit.ts';

let world: BillingTestWorld;

const db = () => world.t.database.handle.db;
const migration = (name: string) =>
  readFileSync(new URL(`../../../drizzle/${name}.sql`, import.meta.url), 'utf8');

async function rows<Row>(text: string): Promise<Row[]> {
  const result = await db().execute(sql.raw(text));
  return (result as unknown as { rows: Row[] }).rows;
}

/** 0025's answer function, as it stood before 0029. */
function answerFunctionOf0025(): string {
  const text = migration('0025_account_answers');
  const start = text.indexOf('CREATE FUNCTION billing_refresh_account_answer');
  const end = text.indexOf('$fn$;', text.indexOf('$fn$', start + 60)) + 5;
  return text.slice(start, end).replace('CREATE FUNCTION', 'CREATE OR REPLACE FUNCTION');
}

beforeAll(async () => {
  world = await createBillingTestWorld();
});

afterAll(async () => {
  await world?.t.close();
});

describe('migration 0029', () => {
  it('turns English labels into brand and last four, and answers getUserDetails with both', async () => {
    const handle = world.t.database.handle;
    const [payment] = await rows<{ id: string }>(
      `select id from payments where account_id = '${world.demo.accountId}' order by created_at limit 1`,
    );
    const [other] = await rows<{ id: string }>(
      `select id from payments where account_id = '${world.other.accountId}' order by created_at limit 1`,
    );
    if (!payment || !other) throw new Error('the seeded accounts have no payments');
    // Back to before 0029, with the labels older code wrote.
    await handle.exec(`
      ${answerFunctionOf0025()};
      alter table payments add column source_label text default '' not null;
      update payments set source_label = case
        when id = '${payment.id}' then 'Mastercard ending 4444'
        when id = '${other.id}' then 'Check'
        when source_brand = 'bank' then 'Checking ending ' || source_last4
        when source_brand is not null then 'Visa ending ' || source_last4
        else 'Check' end;
      alter table payments drop column source_brand, drop column source_last4;
      alter table autopay_enrollments add column autopay_source text;
      update autopay_enrollments set autopay_source = 'Bank account ending ' || source_last4;
      alter table autopay_enrollments alter column autopay_source set not null;
      alter table autopay_enrollments drop column source_brand, drop column source_last4;
      alter table test_processor_sources add column label text;
      update test_processor_sources set label = 'Checking ending ' || last4;
      alter table test_processor_sources alter column label set not null;
      alter table test_processor_sources drop column brand, drop column last4;
      alter table test_processor_charges add column source_label text;
      update test_processor_charges set source_label = 'Visa ending ' || source_last4;
      alter table test_processor_charges alter column source_label set not null;
      alter table test_processor_charges drop column source_brand, drop column source_last4;
      drop function payment_source_label_en(text, text);
      drop function payment_source_json(text, text);
      update autopay_enrollments set status = 'cancelled' where account_id = '${world.demo.accountId}';
      insert into autopay_enrollments (tenant_id, account_id, entity_name, auto_pay_method, autopay_source,
        start_date, status)
        values ('${world.tenantId}', '${world.demo.accountId}', 'Jamie Demo', 'card', 'American Express ending 0005',
          '2026-10-01', 'active');
      insert into test_processor_charges (merchant_id, idempotency_key, reference, amount_cents, method,
        source_label, outcome) values ('${world.tenantId}', 'migration-0029', 'tp_m', 100, 'ach',
        'Bank account ending 6789', 'succeeded');
    `);
    await handle.exec(migration('0029_payment_source_parts'));

    const [mastercard] = await rows<{ source_brand: string; source_last4: string }>(
      `select source_brand, source_last4 from payments where id = '${payment.id}'`,
    );
    expect(mastercard).toEqual({ source_brand: 'mastercard', source_last4: '4444' });
    const [check] = await rows<{ source_brand: string | null; source_last4: string | null }>(
      `select source_brand, source_last4 from payments where id = '${other.id}'`,
    );
    expect(check).toEqual({ source_brand: null, source_last4: null });
    // Every other card and bank label of the seeded history came back as data.
    const [unread] = await rows<{ count: number }>(
      `select count(*)::int as count from payments
        where method in ('card', 'ach') and id <> '${other.id}'
          and (source_brand is null or source_last4 !~ '^[0-9]{4}$')`,
    );
    expect(unread?.count).toBe(0);
    const [charge] = await rows<{ source_brand: string; source_last4: string }>(
      `select source_brand, source_last4 from test_processor_charges where idempotency_key = 'migration-0029'`,
    );
    expect(charge).toEqual({ source_brand: 'bank', source_last4: '6789' });
    const [kept] = await rows<{ count: number }>(
      `select count(*)::int as count from test_processor_sources where brand <> 'bank' or last4 !~ '^[0-9]{4}$'`,
    );
    expect(kept?.count).toBe(0);
    const columns = await rows<{ table_name: string; column_name: string }>(
      `select table_name, column_name from information_schema.columns
        where column_name in ('source_label', 'autopay_source', 'label')
          and table_name in ('payments', 'autopay_enrollments', 'test_processor_charges', 'test_processor_sources')`,
    );
    expect(columns).toEqual([]);

    const details = await world.demo.api.get('/oracle/getUserDetails');
    expect(details.statusCode, details.body).toBe(200);
    const account = details
      .json()
      .accounts.find((a: { accountId: string }) => a.accountId === world.demo.accountId);
    expect(account.autopay).toMatchObject({
      autopaySource: 'American Express ending 0005',
      source: { method: 'card', brand: 'amex', last4: '0005' },
    });
  });
});
