CREATE TABLE "insight_profiles" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"household_size" integer,
	"home_type" text,
	"floor_area_sq_ft" integer,
	"heating_fuel" text,
	"water_heating_fuel" text,
	"has_ev" boolean,
	"has_solar" boolean,
	"has_pool" boolean,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "insight_profiles" ADD CONSTRAINT "insight_profiles_account_id_customer_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."customer_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_profiles" ADD CONSTRAINT "insight_profiles_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_profiles" ADD CONSTRAINT "insight_profiles_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;