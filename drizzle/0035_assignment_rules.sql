CREATE TYPE "public"."assignment_rule" AS ENUM('manual', 'round-robin', 'least-open');--> statement-breakpoint
CREATE TABLE "assignment_settings" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"rule" "assignment_rule" DEFAULT 'manual' NOT NULL,
	"last_assignee_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assignment_settings_one_row" CHECK ("assignment_settings"."id")
);
--> statement-breakpoint
CREATE TABLE "staff_availability" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"available" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "assignment_settings" ADD CONSTRAINT "assignment_settings_last_assignee_id_users_id_fk" FOREIGN KEY ("last_assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_availability" ADD CONSTRAINT "staff_availability_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;