-- Review N1: mailed sign-in codes and the second factor count and lock apart. Rows kept from
-- before were counted together; they stay as sign-in-code rows, so no second factor stays locked.
CREATE TYPE "public"."typed_code_kind" AS ENUM('sign-in-code', 'second-factor');--> statement-breakpoint
DROP INDEX "sign_in_code_failures_user_idx";--> statement-breakpoint
ALTER TABLE "sign_in_code_locks" DROP CONSTRAINT "sign_in_code_locks_pkey";--> statement-breakpoint
ALTER TABLE "sign_in_code_failures" ADD COLUMN "kind" "typed_code_kind" NOT NULL DEFAULT 'sign-in-code';--> statement-breakpoint
ALTER TABLE "sign_in_code_failures" ALTER COLUMN "kind" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "sign_in_code_locks" ADD COLUMN "kind" "typed_code_kind" NOT NULL DEFAULT 'sign-in-code';--> statement-breakpoint
ALTER TABLE "sign_in_code_locks" ALTER COLUMN "kind" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "sign_in_code_locks" ADD CONSTRAINT "sign_in_code_locks_user_id_kind_pk" PRIMARY KEY("user_id","kind");--> statement-breakpoint
CREATE INDEX "sign_in_code_failures_user_idx" ON "sign_in_code_failures" USING btree ("user_id","kind","failed_at");
