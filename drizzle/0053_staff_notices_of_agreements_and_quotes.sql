CREATE TYPE "public"."staff_notice_kind" AS ENUM('warning', 'breach', 'agreement-used-80', 'agreement-used-100', 'agreement-renewal', 'quote-accepted', 'quote-declined');--> statement-breakpoint
ALTER TABLE "staff_notifications" ALTER COLUMN "ticket_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_notifications" ALTER COLUMN "clock" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_notifications" ALTER COLUMN "kind" SET DATA TYPE "public"."staff_notice_kind" USING "kind"::text::"public"."staff_notice_kind";--> statement-breakpoint
ALTER TABLE "staff_notifications" ALTER COLUMN "due_at" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_notifications" ADD COLUMN "agreement_id" uuid;--> statement-breakpoint
ALTER TABLE "staff_notifications" ADD COLUMN "quote_id" uuid;--> statement-breakpoint
ALTER TABLE "staff_notifications" ADD CONSTRAINT "staff_notifications_agreement_id_agreements_id_fk" FOREIGN KEY ("agreement_id") REFERENCES "public"."agreements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_notifications" ADD CONSTRAINT "staff_notifications_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_notifications" ADD CONSTRAINT "staff_notifications_one_subject" CHECK (case
        when "staff_notifications"."kind" in ('warning', 'breach') then "staff_notifications"."ticket_id" is not null
          and "staff_notifications"."clock" is not null and "staff_notifications"."due_at" is not null
          and "staff_notifications"."agreement_id" is null and "staff_notifications"."quote_id" is null
        when "staff_notifications"."kind" in ('agreement-used-80', 'agreement-used-100', 'agreement-renewal')
          then "staff_notifications"."agreement_id" is not null and "staff_notifications"."ticket_id" is null and "staff_notifications"."clock" is null
          and "staff_notifications"."due_at" is null and "staff_notifications"."quote_id" is null
        else "staff_notifications"."quote_id" is not null and "staff_notifications"."ticket_id" is null and "staff_notifications"."clock" is null
          and "staff_notifications"."due_at" is null and "staff_notifications"."agreement_id" is null
      end);