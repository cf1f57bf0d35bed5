DROP INDEX "documents_name_trgm_idx";--> statement-breakpoint
DROP INDEX "invoices_number_trgm_idx";--> statement-breakpoint
DROP INDEX "invoices_description_trgm_idx";--> statement-breakpoint
DROP INDEX "projects_description_trgm_idx";--> statement-breakpoint
DROP INDEX "tickets_subject_trgm_idx";--> statement-breakpoint
DROP INDEX "tickets_description_trgm_idx";--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "project_name" text;--> statement-breakpoint
CREATE INDEX "documents_search_trgm_idx" ON "documents" USING gin (("name" || E'\n' || coalesce("project_name", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "invoices_search_trgm_idx" ON "invoices" USING gin (("number" || E'\n' || "description") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "projects_search_trgm_idx" ON "projects" USING gin (("name" || E'\n' || "description") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tickets_search_trgm_idx" ON "tickets" USING gin (("subject" || E'\n' || "description") gin_trgm_ops);