CREATE TYPE "public"."quote_state" AS ENUM('draft', 'sent', 'accepted', 'declined');--> statement-breakpoint
CREATE TABLE "quote_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"quote_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"description" text NOT NULL,
	"quantity_milli" bigint NOT NULL,
	"unit_price_minor" bigint NOT NULL,
	"tax_rate_bp" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "quote_lines_quantity_nonnegative" CHECK ("quote_lines"."quantity_milli" >= 0),
	CONSTRAINT "quote_lines_unit_price_nonnegative" CHECK ("quote_lines"."unit_price_minor" >= 0),
	CONSTRAINT "quote_lines_tax_rate_range" CHECK ("quote_lines"."tax_rate_bp" between 0 and 10000)
);
--> statement-breakpoint
CREATE TABLE "quote_signatures" (
	"quote_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid,
	"typed_name" text NOT NULL,
	"signed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip" text NOT NULL,
	"user_agent" text NOT NULL,
	"document_sha256" char(64) NOT NULL,
	"signature_png" "bytea"
);
--> statement-breakpoint
CREATE TABLE "quotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"number" text NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"title" text NOT NULL,
	"currency" char(3) NOT NULL,
	"discount_bp" integer DEFAULT 0 NOT NULL,
	"total_minor" bigint NOT NULL,
	"terms" text DEFAULT '' NOT NULL,
	"valid_until" date NOT NULL,
	"state" "quote_state" DEFAULT 'draft' NOT NULL,
	"project_name" text,
	"create_invoice" boolean DEFAULT false NOT NULL,
	"agreement_plan" jsonb,
	"lead_id" uuid,
	"sent_to" uuid,
	"sent_at" timestamp with time zone,
	"document_pdf" "bytea",
	"document_sha256" char(64),
	"decline_reason" text,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	"created_project_id" uuid,
	"created_invoice_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quotes_discount_bp_range" CHECK ("quotes"."discount_bp" between 0 and 10000),
	CONSTRAINT "quotes_total_nonnegative" CHECK ("quotes"."total_minor" >= 0),
	CONSTRAINT "quotes_sent_has_document" CHECK ("quotes"."state" = 'draft' or ("quotes"."document_pdf" is not null and "quotes"."document_sha256" is not null))
);
--> statement-breakpoint
ALTER TABLE "quote_lines" ADD CONSTRAINT "quote_lines_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_signatures" ADD CONSTRAINT "quote_signatures_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_signatures" ADD CONSTRAINT "quote_signatures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_lead_id_quote_requests_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."quote_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_sent_to_users_id_fk" FOREIGN KEY ("sent_to") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_created_project_id_projects_id_fk" FOREIGN KEY ("created_project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_created_invoice_id_invoices_id_fk" FOREIGN KEY ("created_invoice_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "quote_lines_quote_position_idx" ON "quote_lines" USING btree ("quote_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "quotes_number_idx" ON "quotes" USING btree ("number");--> statement-breakpoint
CREATE INDEX "quotes_customer_idx" ON "quotes" USING btree ("customer_id","created_at");