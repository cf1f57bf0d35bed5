CREATE TABLE "agreement_overage_claims" (
	"agreement_id" uuid NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date,
	"overage_centi" integer NOT NULL,
	"rate_minor" bigint NOT NULL,
	"invoice_id" uuid,
	"invoice_line_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agreement_overage_claims_agreement_id_period_start_pk" PRIMARY KEY("agreement_id","period_start"),
	CONSTRAINT "agreement_overage_claims_positive" CHECK ("agreement_overage_claims"."overage_centi" > 0)
);
--> statement-breakpoint
CREATE TABLE "staff_timers" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"ticket_id" text NOT NULL,
	"running_since" timestamp with time zone,
	"elapsed_seconds" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agreement_overage_claims" ADD CONSTRAINT "agreement_overage_claims_agreement_id_agreements_id_fk" FOREIGN KEY ("agreement_id") REFERENCES "public"."agreements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreement_overage_claims" ADD CONSTRAINT "agreement_overage_claims_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreement_overage_claims" ADD CONSTRAINT "agreement_overage_claims_invoice_line_id_invoice_lines_id_fk" FOREIGN KEY ("invoice_line_id") REFERENCES "public"."invoice_lines"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_timers" ADD CONSTRAINT "staff_timers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_timers" ADD CONSTRAINT "staff_timers_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agreement_overage_claims_invoice_idx" ON "agreement_overage_claims" USING btree ("invoice_id");