-- ADR 068: a run records the months it bills, and no two runs of a schedule bill the same month.
ALTER TABLE "recurring_invoice_runs" ADD COLUMN "period_start" date;--> statement-breakpoint
ALTER TABLE "recurring_invoice_runs" ADD COLUMN "period_end" date;--> statement-breakpoint
-- Runs made before: their month and the schedule's cadence now, each starting after the months
-- of the runs before it (a month already billed twice keeps its second invoice, billing none).
UPDATE "recurring_invoice_runs" r SET "period_start" = b.s, "period_end" = greatest(b.s, b.e0)
FROM (
  SELECT x.schedule_id, x.period_on, x.e0, greatest(x.s0, coalesce(max(x.e0) OVER (
    PARTITION BY x.schedule_id ORDER BY x.period_on ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING
  ), x.s0)) AS s
  FROM (
    SELECT r.schedule_id, r.period_on, date_trunc('month', r.period_on)::date AS s0,
      (date_trunc('month', r.period_on) + make_interval(months => CASE s.cadence
        WHEN 'monthly' THEN 1 WHEN 'quarterly' THEN 3 ELSE 12 END))::date AS e0
    FROM "recurring_invoice_runs" r JOIN "recurring_invoices" s ON s.id = r.schedule_id
  ) x
) b
WHERE r.schedule_id = b.schedule_id AND r.period_on = b.period_on;--> statement-breakpoint
ALTER TABLE "recurring_invoice_runs" ALTER COLUMN "period_start" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "recurring_invoice_runs" ALTER COLUMN "period_end" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "recurring_invoice_runs" ADD CONSTRAINT "recurring_invoice_runs_period_order" CHECK ("recurring_invoice_runs"."period_start" <= "recurring_invoice_runs"."period_end");--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
ALTER TABLE "recurring_invoice_runs" ADD CONSTRAINT "recurring_invoice_runs_period_overlap" EXCLUDE USING gist ("schedule_id" WITH =, daterange("period_start", "period_end") WITH &&);
