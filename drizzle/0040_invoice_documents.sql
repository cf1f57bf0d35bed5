CREATE TYPE "public"."invoice_state" AS ENUM('draft', 'issued', 'partly-paid', 'paid', 'void');--> statement-breakpoint
CREATE TYPE "public"."payment_method" AS ENUM('bank-transfer', 'cheque', 'card', 'other');--> statement-breakpoint
CREATE TABLE "invoice_credit_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"amount_minor" bigint NOT NULL,
	"reason" text NOT NULL,
	"issued_on" date NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_credit_notes_amount_positive" CHECK ("invoice_credit_notes"."amount_minor" > 0)
);--> statement-breakpoint
CREATE TABLE "invoice_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"description" text NOT NULL,
	"quantity_milli" bigint NOT NULL,
	"unit_price_minor" bigint NOT NULL,
	"tax_rate_bp" integer DEFAULT 0 NOT NULL,
	"project_id" uuid,
	CONSTRAINT "invoice_lines_quantity_nonnegative" CHECK ("invoice_lines"."quantity_milli" >= 0),
	CONSTRAINT "invoice_lines_unit_price_nonnegative" CHECK ("invoice_lines"."unit_price_minor" >= 0),
	CONSTRAINT "invoice_lines_tax_rate_range" CHECK ("invoice_lines"."tax_rate_bp" between 0 and 10000)
);--> statement-breakpoint
CREATE TABLE "invoice_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"amount_minor" bigint NOT NULL,
	"method" "payment_method" NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"received_on" date NOT NULL,
	"recorded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_payments_amount_positive" CHECK ("invoice_payments"."amount_minor" > 0)
);--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "currency" char(3) DEFAULT 'USD' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "currency" char(3) DEFAULT 'USD' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "settled_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "state" "invoice_state" DEFAULT 'issued' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "discount_bp" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "void_reason" text;--> statement-breakpoint
ALTER TABLE "invoice_credit_notes" ADD CONSTRAINT "invoice_credit_notes_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_credit_notes" ADD CONSTRAINT "invoice_credit_notes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_credit_notes_invoice_idx" ON "invoice_credit_notes" USING btree ("invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_lines_invoice_position_idx" ON "invoice_lines" USING btree ("invoice_id","position");--> statement-breakpoint
CREATE INDEX "invoice_payments_invoice_idx" ON "invoice_payments" USING btree ("invoice_id");--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_currency_iso" CHECK ("customers"."currency" ~ '^[A-Z]{3}$');--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_currency_iso" CHECK ("invoices"."currency" ~ '^[A-Z]{3}$');--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_discount_bp_range" CHECK ("invoices"."discount_bp" between 0 and 10000);
--> statement-breakpoint
-- Hand-written (issue 39, ADR 066), keep at the end when regenerating: drizzle-kit writes the
-- change of `amount` (numeric) to `total_minor` (bigint minor units) with a derived `amount` as
-- a drop and an add, which would lose every total. Instead: copy each total into minor units
-- (numeric(12,2) × 100 is an exact integer: no row changes by a cent), then replace `amount`
-- with the column the database derives from it. An invoice marked paid is a paid document.
ALTER TABLE "invoices" ADD COLUMN "total_minor" bigint;--> statement-breakpoint
UPDATE "invoices" SET "total_minor" = ("amount" * 100)::bigint;--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "total_minor" SET NOT NULL;--> statement-breakpoint
UPDATE "invoices" SET "state" = 'paid' WHERE "status" = 'paid';--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_amount_nonnegative";--> statement-breakpoint
ALTER TABLE "invoices" DROP COLUMN "amount";--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "amount" numeric GENERATED ALWAYS AS (case when currency in ('BIF', 'CLP', 'DJF', 'GNF', 'ISK', 'JPY', 'KMF', 'KRW', 'PYG', 'RWF', 'UGX', 'UYI', 'VND', 'VUV', 'XAF', 'XOF', 'XPF') then (total_minor)::numeric when currency in ('BHD', 'IQD', 'JOD', 'KWD', 'LYD', 'OMR', 'TND') then round((total_minor)::numeric / 1000, 3) else round((total_minor)::numeric / 100, 2) end) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "balance" numeric GENERATED ALWAYS AS (case when currency in ('BIF', 'CLP', 'DJF', 'GNF', 'ISK', 'JPY', 'KMF', 'KRW', 'PYG', 'RWF', 'UGX', 'UYI', 'VND', 'VUV', 'XAF', 'XOF', 'XPF') then (total_minor - settled_minor)::numeric when currency in ('BHD', 'IQD', 'JOD', 'KWD', 'LYD', 'OMR', 'TND') then round((total_minor - settled_minor)::numeric / 1000, 3) else round((total_minor - settled_minor)::numeric / 100, 2) end) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_total_nonnegative" CHECK ("invoices"."total_minor" >= 0);--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_settled_within_total" CHECK ("invoices"."settled_minor" between 0 and "invoices"."total_minor");
