CREATE TYPE "public"."schedule_frequency" AS ENUM('weekly', 'monthly', 'quarterly');--> statement-breakpoint
CREATE TABLE "scheduled_ticket_runs" (
	"schedule_id" uuid NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"ticket_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scheduled_ticket_runs_schedule_id_due_at_pk" PRIMARY KEY("schedule_id","due_at")
);
--> statement-breakpoint
CREATE TABLE "scheduled_tickets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"subject" text NOT NULL,
	"description" text NOT NULL,
	"priority" "ticket_priority" DEFAULT 'normal' NOT NULL,
	"category" text NOT NULL,
	"department" text NOT NULL,
	"requester_user_id" uuid,
	"assignee_user_id" uuid,
	"frequency" "schedule_frequency" NOT NULL,
	"weekday" smallint,
	"month_day" smallint,
	"quarter_month" smallint,
	"time_of_day" text NOT NULL,
	"time_zone" text NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	"next_run_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scheduled_tickets_weekday_check" CHECK ("scheduled_tickets"."weekday" between 1 and 7),
	CONSTRAINT "scheduled_tickets_month_day_check" CHECK ("scheduled_tickets"."month_day" between 0 and 28),
	CONSTRAINT "scheduled_tickets_quarter_month_check" CHECK ("scheduled_tickets"."quarter_month" between 1 and 3)
);
--> statement-breakpoint
ALTER TABLE "scheduled_ticket_runs" ADD CONSTRAINT "scheduled_ticket_runs_schedule_id_scheduled_tickets_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."scheduled_tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_ticket_runs" ADD CONSTRAINT "scheduled_ticket_runs_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_tickets" ADD CONSTRAINT "scheduled_tickets_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_tickets" ADD CONSTRAINT "scheduled_tickets_requester_user_id_users_id_fk" FOREIGN KEY ("requester_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_tickets" ADD CONSTRAINT "scheduled_tickets_assignee_user_id_users_id_fk" FOREIGN KEY ("assignee_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "scheduled_tickets_customer_idx" ON "scheduled_tickets" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "scheduled_tickets_due_idx" ON "scheduled_tickets" USING btree ("next_run_at") WHERE not "scheduled_tickets"."paused";