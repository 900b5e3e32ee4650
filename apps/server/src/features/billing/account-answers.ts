// getUserDetails' answer for each account, all but its balance, kept in account_answers by triggers
// on the tables it is made of (migration 0025: billing_refresh_account_answer), in the transaction
// of every write to them; userDetailsStoredAnswerStatement reads it. A load that skips triggers
// (the seed's bulk load runs as a replica session) must call storeAccountAnswers afterwards.
import { sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';

/** Works out the stored answer of every account of the tenant (of every account without one). */
export async function storeAccountAnswers(db: Database | Transaction, tenantId?: string): Promise<void> {
  const which =
    tenantId === undefined
      ? sql`not exists (select 1 from account_answers aa where aa.account_id = ca.id)`
      : sql`ca.tenant_id = ${tenantId}`;
  await db.execute(
    sql`select billing_refresh_account_answer(ca.id) from customer_accounts ca where ${which}`,
  );
}
