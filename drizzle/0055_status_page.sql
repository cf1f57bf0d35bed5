CREATE TYPE "public"."incident_impact" AS ENUM('minor', 'major', 'critical');--> statement-breakpoint
CREATE TYPE "public"."incident_status" AS ENUM('investigating', 'identified', 'monitoring', 'resolved');--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE 'incidents';--> statement-breakpoint
CREATE TABLE "status_component_sites" (
	"component_id" uuid NOT NULL,
	"site_id" uuid NOT NULL,
	CONSTRAINT "status_component_sites_component_id_site_id_pk" PRIMARY KEY("component_id","site_id")
);
--> statement-breakpoint
CREATE TABLE "status_components" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"all_customers" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "status_incident_components" (
	"incident_id" uuid NOT NULL,
	"component_id" uuid NOT NULL,
	CONSTRAINT "status_incident_components_incident_id_component_id_pk" PRIMARY KEY("incident_id","component_id")
);
--> statement-breakpoint
CREATE TABLE "status_incident_updates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"incident_id" uuid NOT NULL,
	"status" "incident_status" NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "status_incidents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"impact" "incident_impact" NOT NULL,
	"status" "incident_status" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "status_incidents_resolved_at" CHECK (("status_incidents"."status" = 'resolved') = ("status_incidents"."resolved_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "status_maintenance" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"time_zone" text NOT NULL,
	"notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "status_maintenance_ends_after_start" CHECK ("status_maintenance"."ends_at" > "status_maintenance"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "status_maintenance_components" (
	"maintenance_id" uuid NOT NULL,
	"component_id" uuid NOT NULL,
	CONSTRAINT "status_maintenance_components_maintenance_id_component_id_pk" PRIMARY KEY("maintenance_id","component_id")
);
--> statement-breakpoint
CREATE TABLE "status_page_settings" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "status_page_settings_one_row" CHECK ("status_page_settings"."id")
);
--> statement-breakpoint
ALTER TABLE "status_component_sites" ADD CONSTRAINT "status_component_sites_component_id_status_components_id_fk" FOREIGN KEY ("component_id") REFERENCES "public"."status_components"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "status_component_sites" ADD CONSTRAINT "status_component_sites_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "status_incident_components" ADD CONSTRAINT "status_incident_components_incident_id_status_incidents_id_fk" FOREIGN KEY ("incident_id") REFERENCES "public"."status_incidents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "status_incident_components" ADD CONSTRAINT "status_incident_components_component_id_status_components_id_fk" FOREIGN KEY ("component_id") REFERENCES "public"."status_components"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "status_incident_updates" ADD CONSTRAINT "status_incident_updates_incident_id_status_incidents_id_fk" FOREIGN KEY ("incident_id") REFERENCES "public"."status_incidents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "status_maintenance_components" ADD CONSTRAINT "status_maintenance_components_maintenance_id_status_maintenance_id_fk" FOREIGN KEY ("maintenance_id") REFERENCES "public"."status_maintenance"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "status_maintenance_components" ADD CONSTRAINT "status_maintenance_components_component_id_status_components_id_fk" FOREIGN KEY ("component_id") REFERENCES "public"."status_components"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "status_component_sites_site_idx" ON "status_component_sites" USING btree ("site_id");--> statement-breakpoint
CREATE INDEX "status_incident_components_component_idx" ON "status_incident_components" USING btree ("component_id");--> statement-breakpoint
CREATE INDEX "status_incident_updates_incident_idx" ON "status_incident_updates" USING btree ("incident_id","created_at");--> statement-breakpoint
CREATE INDEX "status_incidents_created_idx" ON "status_incidents" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "status_maintenance_starts_idx" ON "status_maintenance" USING btree ("starts_at","id");--> statement-breakpoint
CREATE INDEX "status_maintenance_components_component_idx" ON "status_maintenance_components" USING btree ("component_id");