CREATE TYPE "public"."recurring_invoice_action" AS ENUM('draft', 'issue', 'issue-and-mail');--> statement-breakpoint
CREATE TYPE "public"."recurring_cadence" AS ENUM('monthly', 'quarterly', 'yearly');--> statement-breakpoint
CREATE TABLE "recurring_invoice_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"schedule_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"description" text NOT NULL,
	"quantity_milli" bigint NOT NULL,
	"unit_price_minor" bigint NOT NULL,
	"tax_rate_bp" integer DEFAULT 0 NOT NULL,
	"project_id" uuid,
	CONSTRAINT "recurring_invoice_lines_quantity_nonnegative" CHECK ("recurring_invoice_lines"."quantity_milli" >= 0),
	CONSTRAINT "recurring_invoice_lines_unit_price_nonnegative" CHECK ("recurring_invoice_lines"."unit_price_minor" >= 0),
	CONSTRAINT "recurring_invoice_lines_tax_rate_range" CHECK ("recurring_invoice_lines"."tax_rate_bp" between 0 and 10000)
);
--> statement-breakpoint
CREATE TABLE "recurring_invoice_runs" (
	"schedule_id" uuid NOT NULL,
	"period_on" date NOT NULL,
	"invoice_id" uuid,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recurring_invoice_runs_schedule_id_period_on_pk" PRIMARY KEY("schedule_id","period_on")
);
--> statement-breakpoint
CREATE TABLE "recurring_invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"name" text NOT NULL,
	"currency" char(3) NOT NULL,
	"discount_bp" integer DEFAULT 0 NOT NULL,
	"cadence" "recurring_cadence" NOT NULL,
	"run_day" smallint NOT NULL,
	"time_zone" text NOT NULL,
	"payment_terms_days" smallint NOT NULL,
	"action" "recurring_invoice_action" NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date,
	"next_run_on" date,
	"next_run_at" timestamp with time zone,
	"updated_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recurring_invoices_run_day_check" CHECK ("recurring_invoices"."run_day" between 1 and 31),
	CONSTRAINT "recurring_invoices_terms_check" CHECK ("recurring_invoices"."payment_terms_days" between 0 and 365),
	CONSTRAINT "recurring_invoices_discount_bp_range" CHECK ("recurring_invoices"."discount_bp" between 0 and 10000),
	CONSTRAINT "recurring_invoices_ends_after_start" CHECK ("recurring_invoices"."ends_on" >= "recurring_invoices"."starts_on")
);
--> statement-breakpoint
ALTER TABLE "recurring_invoice_lines" ADD CONSTRAINT "recurring_invoice_lines_schedule_id_recurring_invoices_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."recurring_invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_invoice_lines" ADD CONSTRAINT "recurring_invoice_lines_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_invoice_runs" ADD CONSTRAINT "recurring_invoice_runs_schedule_id_recurring_invoices_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."recurring_invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_invoice_runs" ADD CONSTRAINT "recurring_invoice_runs_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_invoices" ADD CONSTRAINT "recurring_invoices_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_invoices" ADD CONSTRAINT "recurring_invoices_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "recurring_invoice_lines_schedule_position_idx" ON "recurring_invoice_lines" USING btree ("schedule_id","position");--> statement-breakpoint
CREATE INDEX "recurring_invoices_customer_idx" ON "recurring_invoices" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "recurring_invoices_due_idx" ON "recurring_invoices" USING btree ("next_run_at") WHERE "recurring_invoices"."active" and "recurring_invoices"."next_run_at" is not null;