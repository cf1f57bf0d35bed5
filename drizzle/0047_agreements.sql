CREATE TYPE "public"."agreement_alert_kind" AS ENUM('used-80', 'used-100', 'renewal');--> statement-breakpoint
CREATE TYPE "public"."agreement_status" AS ENUM('active', 'ended');--> statement-breakpoint
CREATE TYPE "public"."agreement_type" AS ENUM('retainer', 'prepaid', 'time-and-materials');--> statement-breakpoint
CREATE TABLE "agreement_alerts" (
	"agreement_id" uuid NOT NULL,
	"period_start" date NOT NULL,
	"kind" "agreement_alert_kind" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agreement_alerts_agreement_id_period_start_kind_pk" PRIMARY KEY("agreement_id","period_start","kind")
);
--> statement-breakpoint
CREATE TABLE "agreements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"name" text NOT NULL,
	"type" "agreement_type" NOT NULL,
	"status" "agreement_status" DEFAULT 'active' NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date,
	"hours_centi" integer,
	"rollover_months" smallint DEFAULT 0 NOT NULL,
	"rollover_cap_centi" integer,
	"currency" char(3) NOT NULL,
	"hourly_rate_minor" bigint NOT NULL,
	"overage_rate_minor" bigint NOT NULL,
	"time_zone" text NOT NULL,
	"services" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"ended_at" timestamp with time zone,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agreements_ends_after_start" CHECK ("agreements"."ends_on" >= "agreements"."starts_on"),
	CONSTRAINT "agreements_hours_by_type" CHECK (("agreements"."type" = 'time-and-materials') = ("agreements"."hours_centi" is null)),
	CONSTRAINT "agreements_hours_positive" CHECK ("agreements"."hours_centi" > 0),
	CONSTRAINT "agreements_rollover_range" CHECK ("agreements"."rollover_months" between 0 and 12),
	CONSTRAINT "agreements_rollover_cap_positive" CHECK ("agreements"."rollover_cap_centi" > 0),
	CONSTRAINT "agreements_rates_nonnegative" CHECK ("agreements"."hourly_rate_minor" >= 0 and "agreements"."overage_rate_minor" >= 0)
);
--> statement-breakpoint
ALTER TABLE "time_entries" ADD COLUMN "agreement_id" uuid;--> statement-breakpoint
ALTER TABLE "time_entries" ADD COLUMN "billable" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "agreement_alerts" ADD CONSTRAINT "agreement_alerts_agreement_id_agreements_id_fk" FOREIGN KEY ("agreement_id") REFERENCES "public"."agreements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreements" ADD CONSTRAINT "agreements_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreements" ADD CONSTRAINT "agreements_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agreements_customer_idx" ON "agreements" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "agreements_renewal_idx" ON "agreements" USING btree ("ends_on") WHERE "agreements"."status" = 'active' and "agreements"."ends_on" is not null;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_agreement_id_agreements_id_fk" FOREIGN KEY ("agreement_id") REFERENCES "public"."agreements"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "time_entries_agreement_date_idx" ON "time_entries" USING btree ("agreement_id","work_date");