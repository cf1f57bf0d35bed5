CREATE TABLE "agreement_sla_targets" (
	"agreement_id" uuid NOT NULL,
	"priority" "ticket_priority" NOT NULL,
	"first_response_minutes" integer NOT NULL,
	"resolution_minutes" integer NOT NULL,
	CONSTRAINT "agreement_sla_targets_agreement_id_priority_pk" PRIMARY KEY("agreement_id","priority"),
	CONSTRAINT "agreement_sla_targets_minutes" CHECK ("agreement_sla_targets"."first_response_minutes" between 1 and 60000 and "agreement_sla_targets"."resolution_minutes" between 1 and 60000 and "agreement_sla_targets"."first_response_minutes" <= "agreement_sla_targets"."resolution_minutes")
);
--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "created_agreement_id" uuid;--> statement-breakpoint
ALTER TABLE "agreement_sla_targets" ADD CONSTRAINT "agreement_sla_targets_agreement_id_agreements_id_fk" FOREIGN KEY ("agreement_id") REFERENCES "public"."agreements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_created_agreement_id_agreements_id_fk" FOREIGN KEY ("created_agreement_id") REFERENCES "public"."agreements"("id") ON DELETE set null ON UPDATE no action;