ALTER TABLE "ledger_entries" ADD COLUMN "answer_head" text;--> statement-breakpoint
-- A ledger entry's transactionDetails item up to its payment's status (features/billing/
-- answer-statements.ts, transactionDetailsStoredAnswerStatement): the same JSON as the full answer
-- statement writes for it, without the closing brace. A bill and a payment's method and
-- confirmation number never change once written; the payment's status does, and is read at answer time.
CREATE FUNCTION billing_ledger_answer_head(
  p_id uuid, p_entry_date date, p_type text, p_description text, p_amount bigint, p_bill uuid, p_payment uuid
) RETURNS text LANGUAGE sql STABLE AS $fn$
  SELECT left(row_to_json(d)::text, -1) FROM (
    SELECT p_id AS "transactionId", p_entry_date AS "transactionDate", p_type AS "transactionType",
      p_description AS description, p_amount AS "amountCents", p_bill AS "billId",
      b.bill_number AS "billNumber", b.period_start AS "periodStart", b.period_end AS "periodEnd",
      b.due_date AS "dueDate", p.method AS "paymentMethod", p.confirmation_number AS "confirmationNumber"
    FROM (SELECT 1) one
      LEFT JOIN bills b ON b.id = p_bill
      LEFT JOIN payments p ON p.id = p_payment
  ) d
$fn$;
--> statement-breakpoint
CREATE FUNCTION billing_ledger_answer_trigger() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  NEW.answer_head := billing_ledger_answer_head(NEW.id, NEW.entry_date, NEW.transaction_type,
    NEW.description, NEW.amount_cents, NEW.bill_id, NEW.payment_id);
  RETURN NEW;
END
$fn$;
--> statement-breakpoint
-- Every write of what the text holds, in its own transaction (a deleted bill or payment sets the
-- entry's reference to null, which is such a write).
CREATE TRIGGER ledger_answer_head BEFORE INSERT OR UPDATE OF id, entry_date, transaction_type, description,
  amount_cents, bill_id, payment_id ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION billing_ledger_answer_trigger();
--> statement-breakpoint
-- Every entry there already is.
UPDATE ledger_entries SET answer_head = billing_ledger_answer_head(id, entry_date, transaction_type,
  description, amount_cents, bill_id, payment_id);
