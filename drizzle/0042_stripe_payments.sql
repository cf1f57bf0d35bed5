CREATE TYPE "public"."dispute_state" AS ENUM('open', 'won', 'lost');--> statement-breakpoint
CREATE TYPE "public"."payment_reversal_kind" AS ENUM('refund', 'dispute-lost');--> statement-breakpoint
ALTER TYPE "public"."payment_method" ADD VALUE 'direct-debit' BEFORE 'other';--> statement-breakpoint
CREATE TABLE "invoice_payment_reversals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"payment_id" uuid NOT NULL,
	"kind" "payment_reversal_kind" NOT NULL,
	"amount_minor" bigint NOT NULL,
	"reference" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_payment_reversals_amount_positive" CHECK ("invoice_payment_reversals"."amount_minor" > 0)
);
--> statement-breakpoint
CREATE TABLE "company_payment_settings" (
	"customer_id" uuid PRIMARY KEY NOT NULL,
	"stripe_customer_id" text NOT NULL,
	"payment_method_id" text,
	"autopay" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_payment_settings_stripe_customer_id_unique" UNIQUE("stripe_customer_id")
);
--> statement-breakpoint
CREATE TABLE "stripe_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"invoice_id" uuid,
	"outcome" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "dispute" "dispute_state";--> statement-breakpoint
ALTER TABLE "invoice_payment_reversals" ADD CONSTRAINT "invoice_payment_reversals_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payment_reversals" ADD CONSTRAINT "invoice_payment_reversals_payment_id_invoice_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."invoice_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_payment_settings" ADD CONSTRAINT "company_payment_settings_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stripe_events" ADD CONSTRAINT "stripe_events_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_payment_reversals_payment_idx" ON "invoice_payment_reversals" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "invoice_payments_reference_idx" ON "invoice_payments" USING btree ("reference");