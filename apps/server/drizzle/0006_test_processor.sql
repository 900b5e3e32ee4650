CREATE TABLE "test_processor_charges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"idempotency_key" text NOT NULL,
	"reference" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"method" text NOT NULL,
	"source_label" text NOT NULL,
	"outcome" text NOT NULL,
	"reason" text,
	"refunded_cents" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "test_processor_charges_key" ON "test_processor_charges" USING btree ("merchant_id","idempotency_key");