CREATE TYPE "public"."staff_role" AS ENUM('admin', 'agent', 'billing', 'read-only');--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "staff_role" "staff_role";--> statement-breakpoint
-- Hand-written (issue 38, ADR 058), keep at the end when regenerating: every staff member
-- before roles was equal, so each becomes an admin; then every staff row must name a role and
-- no customer may hold one.
UPDATE "users" SET "staff_role" = 'admin' WHERE "role" = 'staff';--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_staff_role_check" CHECK (("role" = 'staff') = ("staff_role" IS NOT NULL));
