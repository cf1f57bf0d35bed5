CREATE TYPE "public"."ticket_channel" AS ENUM('phone', 'walk-in', 'e-mail', 'portal');--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "channel" "ticket_channel" DEFAULT 'portal' NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "opened_by_user_id" uuid;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_opened_by_user_id_users_id_fk" FOREIGN KEY ("opened_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Hand-written (issue 38, ADR 059): tickets that mail intake opened, or an agent placed from the
-- unmatched queue, came by e-mail; every other existing ticket came through the portal.
UPDATE "tickets" SET "channel" = 'e-mail' WHERE "id" IN (SELECT "ticket_id" FROM "intake_messages" WHERE "outcome" = 'ticket' AND "ticket_id" IS NOT NULL);
