CREATE TYPE "public"."sla_alert_kind" AS ENUM('warning', 'breach');--> statement-breakpoint
CREATE TYPE "public"."sla_clock" AS ENUM('first-response', 'resolution');--> statement-breakpoint
CREATE TABLE "company_sla_targets" (
	"customer_id" uuid NOT NULL,
	"priority" "ticket_priority" NOT NULL,
	"first_response_minutes" integer NOT NULL,
	"resolution_minutes" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_sla_targets_customer_id_priority_pk" PRIMARY KEY("customer_id","priority")
);
--> statement-breakpoint
CREATE TABLE "sla_alerts" (
	"ticket_id" text NOT NULL,
	"clock" "sla_clock" NOT NULL,
	"kind" "sla_alert_kind" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sla_alerts_ticket_id_clock_kind_pk" PRIMARY KEY("ticket_id","clock","kind")
);
--> statement-breakpoint
CREATE TABLE "staff_notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"ticket_id" text NOT NULL,
	"clock" "sla_clock" NOT NULL,
	"kind" "sla_alert_kind" NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "company_sla_targets" ADD CONSTRAINT "company_sla_targets_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sla_alerts" ADD CONSTRAINT "sla_alerts_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_notifications" ADD CONSTRAINT "staff_notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_notifications" ADD CONSTRAINT "staff_notifications_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_notifications_user_idx" ON "staff_notifications" USING btree ("user_id","created_at");--> statement-breakpoint
-- Hand-written (ADR 064), keep at the end when regenerating: the targets already at risk or
-- breached when this ships are recorded as told, so the first sweep sends no burst of stale
-- notices about old tickets. Clocks started before keep their stored at-risk instant (80 %).
INSERT INTO "sla_alerts" ("ticket_id", "clock", "kind")
SELECT s."ticket_id", v."clock"::"sla_clock", v."kind"::"sla_alert_kind"
FROM "ticket_slas" s
CROSS JOIN LATERAL (VALUES
  ('first-response', 'warning', s."first_response_at_risk_at"),
  ('first-response', 'breach', s."first_response_due_at"),
  ('resolution', 'warning', s."resolution_at_risk_at"),
  ('resolution', 'breach', s."resolution_due_at")
) AS v("clock", "kind", "at")
WHERE v."at" <= now()
ON CONFLICT DO NOTHING;
