ALTER TYPE "public"."sign_in_method" ADD VALUE 'passkey';--> statement-breakpoint
ALTER TYPE "public"."sign_in_method" ADD VALUE 'totp';--> statement-breakpoint
ALTER TYPE "public"."sign_in_method" ADD VALUE 'recovery-code';--> statement-breakpoint
ALTER TYPE "public"."sign_in_method" ADD VALUE 'sso';--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "second_factor_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sign_ins" ADD COLUMN "issuer" text;--> statement-breakpoint
-- A session's second factor is part of the account every app server caches: clear them all.
DROP TRIGGER "sessions_auth_changed" ON "sessions";--> statement-breakpoint
CREATE TRIGGER "sessions_auth_changed" AFTER DELETE OR UPDATE OF "id_hash", "user_id", "expires_at", "second_factor_at" ON "sessions" FOR EACH STATEMENT EXECUTE FUNCTION "notify_auth_changed"();
