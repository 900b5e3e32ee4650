-- Payment sources as data in no language (contracts' payment-sources.ts): the card's brand or 'bank'
-- and the last four digits, instead of an English label ("Visa ending 4242"); readers get them in
-- their own language. Existing labels are read back into brand and last four, then dropped.
CREATE FUNCTION payment_source_brand(label text) RETURNS text LANGUAGE sql IMMUTABLE AS $fn$
  SELECT CASE
    WHEN label ILIKE 'visa %' THEN 'visa'
    WHEN label ILIKE 'mastercard %' THEN 'mastercard'
    WHEN label ILIKE 'american express %' OR label ILIKE 'amex %' THEN 'amex'
    WHEN label ILIKE 'discover %' THEN 'discover'
    WHEN label ILIKE 'bank %' OR label ILIKE 'checking %' OR label ILIKE 'savings %' THEN 'bank'
    ELSE 'card'
  END
$fn$;
--> statement-breakpoint
-- The English words of a source, as the API's autopaySource gives them (sourceLabel in
-- payment-sources.ts writes the same).
CREATE FUNCTION payment_source_label_en(brand text, last4 text) RETURNS text LANGUAGE sql IMMUTABLE AS $fn$
  SELECT CASE brand
    WHEN 'visa' THEN 'Visa'
    WHEN 'mastercard' THEN 'Mastercard'
    WHEN 'amex' THEN 'American Express'
    WHEN 'discover' THEN 'Discover'
    WHEN 'bank' THEN 'Bank account'
    ELSE 'Card'
  END || ' ending ' || last4
$fn$;
--> statement-breakpoint
-- The source as the API's data ({"method":…,"brand":…,"last4":…}), compact as row_to_json writes it.
CREATE FUNCTION payment_source_json(brand text, last4 text) RETURNS json LANGUAGE sql IMMUTABLE AS $fn$
  SELECT row_to_json(s) FROM (
    SELECT CASE WHEN brand = 'bank' THEN 'ach' ELSE 'card' END AS method, brand AS brand, last4 AS last4
  ) s
$fn$;
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "source_brand" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "source_last4" text;--> statement-breakpoint
-- A label without four final digits (a check, cash, none) leaves both null.
UPDATE "payments" SET "source_brand" = payment_source_brand("source_label"),
  "source_last4" = substring("source_label" from '([0-9]{4})\s*$')
  WHERE "source_label" ~ '[0-9]{4}\s*$';--> statement-breakpoint
ALTER TABLE "payments" DROP COLUMN "source_label";--> statement-breakpoint
ALTER TABLE "autopay_enrollments" ADD COLUMN "source_brand" text;--> statement-breakpoint
ALTER TABLE "autopay_enrollments" ADD COLUMN "source_last4" text;--> statement-breakpoint
UPDATE "autopay_enrollments" SET
  "source_brand" = CASE WHEN "autopay_source" ~ '[0-9]{4}\s*$' THEN payment_source_brand("autopay_source")
    WHEN "auto_pay_method" = 'card' THEN 'card' ELSE 'bank' END,
  "source_last4" = coalesce(substring("autopay_source" from '([0-9]{4})\s*$'), '0000');--> statement-breakpoint
ALTER TABLE "autopay_enrollments" ALTER COLUMN "source_brand" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "autopay_enrollments" ALTER COLUMN "source_last4" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "test_processor_charges" ADD COLUMN "source_brand" text;--> statement-breakpoint
ALTER TABLE "test_processor_charges" ADD COLUMN "source_last4" text;--> statement-breakpoint
UPDATE "test_processor_charges" SET "source_brand" = payment_source_brand("source_label"),
  "source_last4" = coalesce(substring("source_label" from '([0-9]{4})\s*$'), '0000');--> statement-breakpoint
ALTER TABLE "test_processor_charges" ALTER COLUMN "source_brand" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "test_processor_charges" ALTER COLUMN "source_last4" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "test_processor_charges" DROP COLUMN "source_label";--> statement-breakpoint
ALTER TABLE "test_processor_sources" ADD COLUMN "brand" text;--> statement-breakpoint
ALTER TABLE "test_processor_sources" ADD COLUMN "last4" text;--> statement-breakpoint
UPDATE "test_processor_sources" SET "brand" = payment_source_brand("label"),
  "last4" = coalesce(substring("label" from '([0-9]{4})\s*$'), '0000');--> statement-breakpoint
ALTER TABLE "test_processor_sources" ALTER COLUMN "brand" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "test_processor_sources" ALTER COLUMN "last4" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "test_processor_sources" DROP COLUMN "label";--> statement-breakpoint
-- getUserDetails' stored answer (0025) reads the new columns: autopaySource in English as before,
-- and the source as data.
CREATE OR REPLACE FUNCTION billing_refresh_account_answer(p_account uuid) RETURNS void LANGUAGE plpgsql AS $fn$
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
            payment_source_label_en(e.source_brand, e.source_last4) AS "autopaySource",
            e.autopay_max_withdrawal_cents AS "autopayMaxWithdrawalAmount",
            payment_source_json(e.source_brand, e.source_last4) AS "source"
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
ALTER TABLE "autopay_enrollments" DROP COLUMN "autopay_source";--> statement-breakpoint
DROP FUNCTION payment_source_brand(text);--> statement-breakpoint
-- Every account's stored answer again, with the source.
SELECT billing_refresh_account_answer(account_id) FROM account_answers;
