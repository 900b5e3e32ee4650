CREATE TABLE "account_balances" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"balance_cents" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "answer_item" text;--> statement-breakpoint
ALTER TABLE "account_balances" ADD CONSTRAINT "account_balances_account_id_customer_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."customer_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_account_type_date" ON "ledger_entries" USING btree ("account_id","transaction_type","entry_date","created_at","id");--> statement-breakpoint
CREATE INDEX "ledger_payment" ON "ledger_entries" USING btree ("payment_id");--> statement-breakpoint
-- A ledger entry's whole transactionDetails item (features/billing/answer-statements.ts,
-- transactionDetailsStoredAnswerStatement): the same JSON as the full answer statement writes for
-- it, with its payment's status as it is when written. A bill's number, period and due date never
-- change once issued; a payment's status (and, should they change, its method and confirmation
-- number) is written into its entries again by ledger_items_payment below.
CREATE FUNCTION billing_ledger_answer_item(
  p_id uuid, p_entry_date date, p_type text, p_description text, p_amount bigint, p_bill uuid, p_payment uuid
) RETURNS text LANGUAGE sql STABLE AS $fn$
  SELECT row_to_json(d)::text FROM (
    SELECT p_id AS "transactionId", p_entry_date AS "transactionDate", p_type AS "transactionType",
      p_description AS description, p_amount AS "amountCents", p_bill AS "billId",
      b.bill_number AS "billNumber", b.period_start AS "periodStart", b.period_end AS "periodEnd",
      b.due_date AS "dueDate", p.method AS "paymentMethod", p.confirmation_number AS "confirmationNumber",
      p.status AS "paymentStatus", (p_bill IS NOT NULL AND p_type = 'C1BL') AS "hasPdf"
    FROM (SELECT 1) one
      LEFT JOIN bills b ON b.id = p_bill
      LEFT JOIN payments p ON p.id = p_payment
  ) d
$fn$;
--> statement-breakpoint
-- The entry's payment is locked (FOR SHARE) before its status is read: a concurrent change of that
-- status waits for this transaction, and then its own trigger (below) sees this entry and writes
-- it again; a change already under way makes this one wait and read the new status.
CREATE FUNCTION billing_ledger_item_trigger() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF NEW.payment_id IS NOT NULL THEN
    PERFORM 1 FROM payments WHERE id = NEW.payment_id FOR SHARE;
  END IF;
  NEW.answer_item := billing_ledger_answer_item(NEW.id, NEW.entry_date, NEW.transaction_type,
    NEW.description, NEW.amount_cents, NEW.bill_id, NEW.payment_id);
  RETURN NEW;
END
$fn$;
--> statement-breakpoint
CREATE FUNCTION billing_payment_items_trigger() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  UPDATE ledger_entries le SET answer_item = billing_ledger_answer_item(le.id, le.entry_date,
    le.transaction_type, le.description, le.amount_cents, le.bill_id, le.payment_id)
  WHERE le.payment_id = NEW.id;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
-- The items replace the heads of migration 0026 (whose column 0028 drops).
DROP TRIGGER ledger_answer_head ON ledger_entries;
--> statement-breakpoint
DROP FUNCTION billing_ledger_answer_trigger();
--> statement-breakpoint
DROP FUNCTION billing_ledger_answer_head(uuid, date, text, text, bigint, uuid, uuid);
--> statement-breakpoint
-- Every write of what the item holds, in its own transaction (a deleted bill or payment sets the
-- entry's reference to null, which is such a write).
CREATE TRIGGER ledger_answer_item BEFORE INSERT OR UPDATE OF id, entry_date, transaction_type, description,
  amount_cents, bill_id, payment_id ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION billing_ledger_item_trigger();
--> statement-breakpoint
CREATE TRIGGER ledger_items_payment AFTER UPDATE OF status, method, confirmation_number ON payments
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.method IS DISTINCT FROM NEW.method
    OR OLD.confirmation_number IS DISTINCT FROM NEW.confirmation_number)
  EXECUTE FUNCTION billing_payment_items_trigger();
--> statement-breakpoint
-- Each account's balance follows every insert, change and removal of its entries in their own
-- transaction, by updating its row in place: two concurrent entries of one account wait on the
-- row's lock and the later adds to what the earlier wrote (READ COMMITTED re-reads the updated row).
-- An account without a row (no entry yet, or entries loaded without triggers) has its ledger summed
-- by its first entry written with them, with the account's row locked, so that two such first
-- entries at once sum one after the other: the later sees the earlier and adds to its row. Without
-- a row the answers sum the ledger themselves.
CREATE FUNCTION billing_account_balance_trigger() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM account_balances;
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    UPDATE account_balances SET balance_cents = balance_cents - OLD.amount_cents
    WHERE account_id = OLD.account_id;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    UPDATE account_balances SET balance_cents = balance_cents + NEW.amount_cents
    WHERE account_id = NEW.account_id;
    IF NOT FOUND THEN
      PERFORM 1 FROM customer_accounts WHERE id = NEW.account_id FOR NO KEY UPDATE;
      INSERT INTO account_balances AS ab (account_id, balance_cents)
        SELECT NEW.account_id, coalesce(sum(le.amount_cents), 0) FROM ledger_entries le
        WHERE le.account_id = NEW.account_id
        ON CONFLICT (account_id) DO UPDATE SET balance_cents = ab.balance_cents + NEW.amount_cents;
    END IF;
  END IF;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE TRIGGER ledger_account_balance AFTER INSERT OR DELETE OR UPDATE OF account_id, amount_cents
  ON ledger_entries FOR EACH ROW EXECUTE FUNCTION billing_account_balance_trigger();
--> statement-breakpoint
CREATE TRIGGER ledger_account_balance_truncate AFTER TRUNCATE ON ledger_entries
  FOR EACH STATEMENT EXECUTE FUNCTION billing_account_balance_trigger();
--> statement-breakpoint
-- A new account's balance is 0 (no entry can name it before it exists): its row from the start, so
-- that its answers read it rather than sum an empty ledger.
CREATE FUNCTION billing_account_balance_row() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  INSERT INTO account_balances (account_id, balance_cents) VALUES (NEW.id, 0)
    ON CONFLICT (account_id) DO NOTHING;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE TRIGGER account_balance_row AFTER INSERT ON customer_accounts
  FOR EACH ROW EXECUTE FUNCTION billing_account_balance_row();
--> statement-breakpoint
-- Every entry and every account there already is (the triggers above hold the table's lock until
-- this transaction ends, so no entry is written in between).
UPDATE ledger_entries SET answer_item = billing_ledger_answer_item(id, entry_date, transaction_type,
  description, amount_cents, bill_id, payment_id);
--> statement-breakpoint
INSERT INTO account_balances (account_id, balance_cents)
  SELECT ca.id, coalesce((SELECT sum(le.amount_cents) FROM ledger_entries le WHERE le.account_id = ca.id), 0)
  FROM customer_accounts ca;
