CREATE TABLE "usage_upload_readings" (
	"tenant_id" uuid NOT NULL,
	"upload_id" uuid NOT NULL,
	"direction" text NOT NULL,
	"first_start" bigint NOT NULL,
	"last_start" bigint NOT NULL,
	"starts" bigint[] NOT NULL,
	"durations" integer[] NOT NULL,
	"values" double precision[] NOT NULL,
	CONSTRAINT "usage_upload_readings_upload_id_direction_first_start_pk" PRIMARY KEY("upload_id","direction","first_start"),
	CONSTRAINT "usage_upload_readings_direction" CHECK ("usage_upload_readings"."direction" in ('import', 'export'))
);
--> statement-breakpoint
CREATE TABLE "usage_uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"utility_type" "utility_type" NOT NULL,
	"unit" text NOT NULL,
	"uom" integer,
	"power_of_ten_multiplier" integer,
	"tz_offset_seconds" integer,
	"dst_offset_seconds" integer,
	"dst_start_rule" text,
	"dst_end_rule" text,
	"first_reading_at" timestamp with time zone NOT NULL,
	"last_reading_at" timestamp with time zone NOT NULL,
	"interval_seconds" integer,
	"reading_count" integer NOT NULL,
	"warnings" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "usage_upload_readings" ADD CONSTRAINT "usage_upload_readings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_upload_readings" ADD CONSTRAINT "usage_upload_readings_upload_id_usage_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."usage_uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_uploads" ADD CONSTRAINT "usage_uploads_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_uploads" ADD CONSTRAINT "usage_uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "usage_uploads_user_created" ON "usage_uploads" USING btree ("user_id","created_at");