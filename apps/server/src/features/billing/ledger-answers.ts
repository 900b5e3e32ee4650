// Each ledger entry's transactionDetails item, kept on the entry (ledger_entries.answer_item) by
// triggers in the transaction of every write to it and of every change of its payment (migration
// 0027: billing_ledger_answer_item), and each account's balance (account_balances), kept by a
// trigger on every write to its entries; transactionDetails' and getBillDetails' stored answer
// statements read them. A load that skips triggers (the seed's bulk load runs as a replica session)
// must call storeLedgerAnswers and storeAccountBalances afterwards.
import { sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';

/** Works out the stored item of every ledger entry without one. */
export async function storeLedgerAnswers(db: Database | Transaction): Promise<void> {
  await db.execute(sql`update ledger_entries set answer_item = billing_ledger_answer_item(id, entry_date,
    transaction_type, description, amount_cents, bill_id, payment_id) where answer_item is null`);
}

/**
 * Sums every account's ledger into account_balances again (after a load without triggers), a row
 * for every account. The ledger is locked against writes meanwhile (SHARE), so that no entry is
 * written between the sum and the stored figure.
 */
export async function storeAccountBalances(db: Database | Transaction): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`lock table ledger_entries in share mode`);
    await tx.execute(sql`insert into account_balances as ab (account_id, balance_cents)
      select ca.id, coalesce((select sum(le.amount_cents) from ledger_entries le where le.account_id = ca.id), 0)
      from customer_accounts ca
      on conflict (account_id) do update set balance_cents = excluded.balance_cents
        where ab.balance_cents <> excluded.balance_cents`);
  });
}
