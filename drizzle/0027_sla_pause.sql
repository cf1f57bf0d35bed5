ALTER TABLE "ticket_slas" ADD COLUMN "paused_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ticket_slas" ADD COLUMN "paused_minutes" integer DEFAULT 0 NOT NULL;