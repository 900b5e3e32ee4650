-- Existing rows keep the reference already mailed to the customer (prefix + first 8 hex digits of
-- the id); the rare duplicate among them gets the whole id, so that the unique index can be built.
ALTER TABLE "contact_messages" ADD COLUMN "reference_number" text;--> statement-breakpoint
UPDATE "contact_messages" SET "reference_number" = (CASE WHEN "kind" = 'appointment' THEN 'APT-' ELSE 'MSG-' END) || upper(substr(replace("id"::text, '-', ''), 1, 8));--> statement-breakpoint
UPDATE "contact_messages" AS m SET "reference_number" = (CASE WHEN m."kind" = 'appointment' THEN 'APT-' ELSE 'MSG-' END) || upper(replace(m."id"::text, '-', '')) WHERE m."id" IN (SELECT "id" FROM (SELECT "id", row_number() OVER (PARTITION BY "tenant_id", "reference_number" ORDER BY "created_at", "id") AS n FROM "contact_messages") AS ranked WHERE ranked.n > 1);--> statement-breakpoint
ALTER TABLE "contact_messages" ALTER COLUMN "reference_number" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "contact_messages_tenant_reference" ON "contact_messages" USING btree ("tenant_id","reference_number");
