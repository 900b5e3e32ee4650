CREATE TYPE "public"."autopay_run_status" AS ENUM('scheduled', 'processing', 'paid', 'failed', 'over_maximum', 'nothing_due', 'cancelled');--> statement-breakpoint
CREATE TABLE "autopay_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"enrollment_id" uuid NOT NULL,
	"bill_id" uuid NOT NULL,
	"scheduled_for" date NOT NULL,
	"notice_amount_cents" bigint NOT NULL,
	"status" "autopay_run_status" DEFAULT 'scheduled' NOT NULL,
	"lease_until" timestamp with time zone,
	"payment_id" uuid,
	"detail" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "test_processor_sources" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"token" text NOT NULL,
	"method" text NOT NULL,
	"label" text NOT NULL,
	"outcome" text NOT NULL,
	"times_out" boolean DEFAULT false NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "autopay_enrollments" ADD COLUMN "processor_token" text;--> statement-breakpoint
ALTER TABLE "autopay_runs" ADD CONSTRAINT "autopay_runs_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autopay_runs" ADD CONSTRAINT "autopay_runs_enrollment_id_autopay_enrollments_id_fk" FOREIGN KEY ("enrollment_id") REFERENCES "public"."autopay_enrollments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autopay_runs" ADD CONSTRAINT "autopay_runs_bill_id_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."bills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autopay_runs" ADD CONSTRAINT "autopay_runs_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "autopay_runs_bill" ON "autopay_runs" USING btree ("bill_id");--> statement-breakpoint
CREATE INDEX "autopay_runs_due" ON "autopay_runs" USING btree ("status","scheduled_for");--> statement-breakpoint
CREATE UNIQUE INDEX "test_processor_sources_token" ON "test_processor_sources" USING btree ("merchant_id","token");