DROP INDEX "projects_customer_idx";--> statement-breakpoint
CREATE INDEX "projects_customer_idx" ON "projects" USING btree ("customer_id","start_date" DESC NULLS FIRST,"name");