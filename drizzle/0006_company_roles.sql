CREATE TYPE "public"."company_role" AS ENUM('admin', 'billing', 'technical', 'member');--> statement-breakpoint
CREATE TYPE "public"."sign_in_event" AS ENUM('sign-in', 'sign-out', 'failed-code');--> statement-breakpoint
CREATE TYPE "public"."sign_in_method" AS ENUM('link', 'code');--> statement-breakpoint
-- Every membership made before roles existed becomes admin: no one loses access (issue 18).
ALTER TABLE "customer_users" ADD COLUMN "role" "company_role" DEFAULT 'admin' NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_users" ALTER COLUMN "role" SET DEFAULT 'member';--> statement-breakpoint
ALTER TABLE "customer_users" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_users" ADD COLUMN "invited_by_user_id" uuid;--> statement-breakpoint
ALTER TABLE "sign_ins" ADD COLUMN "event" "sign_in_event" DEFAULT 'sign-in' NOT NULL;--> statement-breakpoint
ALTER TABLE "sign_ins" ADD COLUMN "method" "sign_in_method";--> statement-breakpoint
ALTER TABLE "sign_ins" ADD COLUMN "browser" text;--> statement-breakpoint
ALTER TABLE "sign_ins" ADD COLUMN "os" text;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "private" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_users" ADD CONSTRAINT "customer_users_invited_by_user_id_users_id_fk" FOREIGN KEY ("invited_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;