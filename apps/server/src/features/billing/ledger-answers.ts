// Each ledger entry's transactionDetails item up to its payment's status, kept on the entry
// (ledger_entries.answer_head) by a trigger in the transaction of every write to it (migration
// 0026: billing_ledger_answer_head); transactionDetailsStoredAnswerStatement reads it. A load that
// skips triggers (the seed's bulk load runs as a replica session) must call storeLedgerAnswers
// afterwards.
import { sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';

/** Works out the stored text of every ledger entry without one. */
export async function storeLedgerAnswers(db: Database | Transaction): Promise<void> {
  await db.execute(sql`update ledger_entries set answer_head = billing_ledger_answer_head(id, entry_date,
    transaction_type, description, amount_cents, bill_id, payment_id) where answer_head is null`);
}
