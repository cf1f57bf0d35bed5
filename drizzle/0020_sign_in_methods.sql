ALTER TYPE "public"."sign_in_method" ADD VALUE 'passkey';--> statement-breakpoint
ALTER TYPE "public"."sign_in_method" ADD VALUE 'totp';--> statement-breakpoint
ALTER TYPE "public"."sign_in_method" ADD VALUE 'recovery-code';--> statement-breakpoint
ALTER TYPE "public"."sign_in_method" ADD VALUE 'sso';--> statement-breakpoint
CREATE TABLE "passkeys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"credential_id" text NOT NULL,
	"public_key" text NOT NULL,
	"counter" bigint DEFAULT 0 NOT NULL,
	"transports" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"backed_up" boolean DEFAULT false NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "second_factor_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sign_ins" ADD COLUMN "issuer" text;--> statement-breakpoint
ALTER TABLE "passkeys" ADD CONSTRAINT "passkeys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "passkeys_credential_idx" ON "passkeys" USING btree ("credential_id");--> statement-breakpoint
CREATE INDEX "passkeys_user_idx" ON "passkeys" USING btree ("user_id");--> statement-breakpoint
-- A session's second factor is part of the account every app server caches: clear them all.
DROP TRIGGER "sessions_auth_changed" ON "sessions";--> statement-breakpoint
CREATE TRIGGER "sessions_auth_changed" AFTER DELETE OR UPDATE OF "id_hash", "user_id", "expires_at", "second_factor_at" ON "sessions" FOR EACH STATEMENT EXECUTE FUNCTION "notify_auth_changed"();
