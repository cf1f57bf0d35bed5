CREATE TABLE "intake_messages" (
	"message_id" text PRIMARY KEY NOT NULL,
	"from_address" text NOT NULL,
	"outcome" text NOT NULL,
	"reason" text,
	"ticket_id" text,
	"eml_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_follow_ups" (
	"ticket_id" text PRIMARY KEY NOT NULL,
	"follows_ticket_id" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "unmatched_mails" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"message_id" text NOT NULL,
	"from_address" text NOT NULL,
	"from_name" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"ticket_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "intake_messages" ADD CONSTRAINT "intake_messages_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_follow_ups" ADD CONSTRAINT "ticket_follow_ups_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_follow_ups" ADD CONSTRAINT "ticket_follow_ups_follows_ticket_id_tickets_id_fk" FOREIGN KEY ("follows_ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unmatched_mails" ADD CONSTRAINT "unmatched_mails_message_id_intake_messages_message_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."intake_messages"("message_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unmatched_mails" ADD CONSTRAINT "unmatched_mails_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "intake_messages_sender_idx" ON "intake_messages" USING btree ("from_address","outcome","created_at");--> statement-breakpoint
CREATE INDEX "unmatched_mails_status_idx" ON "unmatched_mails" USING btree ("status","created_at");