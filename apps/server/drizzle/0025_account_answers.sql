CREATE TABLE "account_answers" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"account_number" text NOT NULL,
	"head" text NOT NULL,
	"tail" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account_answers" ADD CONSTRAINT "account_answers_account_id_customer_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."customer_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- getUserDetails' answer for one account but its balance (features/billing/answer-statements.ts,
-- userDetailsStoredAnswerStatement), the same JSON as the full answer statement writes (accountsJson
-- there): worked out again in the transaction of every write that changes it. The row is locked first and the text
-- read in a new statement, so that of two concurrent writes to one account the later sees the
-- earlier (READ COMMITTED takes a snapshot per statement).
CREATE FUNCTION billing_refresh_account_answer(p_account uuid) RETURNS void LANGUAGE plpgsql AS $fn$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM customer_accounts WHERE id = p_account) THEN
    RETURN;
  END IF;
  INSERT INTO account_answers (account_id, account_number, head, tail) VALUES (p_account, '', '', '')
    ON CONFLICT (account_id) DO NOTHING;
  PERFORM 1 FROM account_answers WHERE account_id = p_account FOR UPDATE;
  UPDATE account_answers aa SET account_number = x.account_number, head = x.head, tail = x.tail
  FROM (
    SELECT ca.account_number,
      left(row_to_json(h)::text, -1) || ',"balanceCents":' AS head,
      ',"premises":' || (
        SELECT coalesce(array_to_json(array_agg(row_to_json(p) ORDER BY p."serviceAddress", p."premiseId")), '[]'::json)
        FROM (
          SELECT p.id AS "premiseId", p.service_address AS "serviceAddress", p.city, p.state, p.zip,
            p.property_type AS "propertyType", p.has_solar AS "hasSolar"
          FROM premises p WHERE p.account_id = ca.id
        ) p
      )::text
      || ',"services":' || (
        SELECT coalesce(array_to_json(array_agg(row_to_json(s) ORDER BY s."utilityType", s."serviceId")), '[]'::json)
        FROM (
          SELECT s.id AS "serviceId", s.premise_id AS "premiseId", s.utility_type AS "utilityType",
            s.status, t.name AS "tariffName"
          FROM services s LEFT JOIN tariffs t ON t.id = s.tariff_id WHERE s.account_id = ca.id
        ) s
      )::text
      || ',"autopay":' || coalesce((
        SELECT row_to_json(ap) FROM (
          SELECT e.account_id AS "accountId", e.start_date AS "startDate", e.end_date AS "endDate",
            e.expire_date AS "expireDate", e.entity_name AS "entityName", e.auto_pay_method AS "autoPayMethod",
            e.autopay_source AS "autopaySource",
            e.autopay_max_withdrawal_cents AS "autopayMaxWithdrawalAmount"
          FROM autopay_enrollments e WHERE e.account_id = ca.id AND e.status = 'active' LIMIT 1
        ) ap
      )::text, 'null') || '}' AS tail
    FROM customer_accounts ca
    CROSS JOIN LATERAL (
      SELECT ca.id AS "accountId", ca.account_number AS "accountNumber", ca.holder_name AS "holderName",
        ca.email, ca.phone, ca.mailing_address AS "mailingAddress", ca.city, ca.state, ca.zip, ca.paperless
    ) h
    WHERE ca.id = p_account
  ) x
  WHERE aa.account_id = p_account;
END
$fn$;
--> statement-breakpoint
CREATE FUNCTION billing_account_answer_trigger() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_TABLE_NAME = 'customer_accounts' THEN
    PERFORM billing_refresh_account_answer(NEW.id);
  ELSIF TG_TABLE_NAME = 'tariffs' THEN
    PERFORM billing_refresh_account_answer(a.account_id)
    FROM (SELECT DISTINCT s.account_id FROM services s WHERE s.tariff_id = NEW.id) a;
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM billing_refresh_account_answer(NEW.account_id);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM billing_refresh_account_answer(OLD.account_id);
  ELSE
    PERFORM billing_refresh_account_answer(NEW.account_id);
    IF NEW.account_id IS DISTINCT FROM OLD.account_id THEN
      PERFORM billing_refresh_account_answer(OLD.account_id);
    END IF;
  END IF;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE TRIGGER account_answers_accounts AFTER INSERT OR UPDATE ON customer_accounts
  FOR EACH ROW EXECUTE FUNCTION billing_account_answer_trigger();
--> statement-breakpoint
CREATE TRIGGER account_answers_premises AFTER INSERT OR UPDATE OR DELETE ON premises
  FOR EACH ROW EXECUTE FUNCTION billing_account_answer_trigger();
--> statement-breakpoint
CREATE TRIGGER account_answers_services AFTER INSERT OR UPDATE OR DELETE ON services
  FOR EACH ROW EXECUTE FUNCTION billing_account_answer_trigger();
--> statement-breakpoint
CREATE TRIGGER account_answers_autopay AFTER INSERT OR UPDATE OR DELETE ON autopay_enrollments
  FOR EACH ROW EXECUTE FUNCTION billing_account_answer_trigger();
--> statement-breakpoint
CREATE TRIGGER account_answers_tariffs AFTER UPDATE OF name ON tariffs
  FOR EACH ROW EXECUTE FUNCTION billing_account_answer_trigger();
--> statement-breakpoint
-- Every account there already is.
SELECT billing_refresh_account_answer(id) FROM customer_accounts;
