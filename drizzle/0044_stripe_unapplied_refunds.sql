CREATE TABLE "stripe_unapplied_refunds" (
	"payment_intent_id" text PRIMARY KEY NOT NULL,
	"invoice_id" uuid NOT NULL,
	"event_id" text NOT NULL,
	"refund_id" text NOT NULL,
	"currency" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stripe_unapplied_refunds" ADD CONSTRAINT "stripe_unapplied_refunds_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;