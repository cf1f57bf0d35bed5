-- Every app server keeps each company's dashboard in memory (docs/decisions/029-paged-lists.md).
-- A change to what a dashboard is made of names the company on 'company_changed'; PostgreSQL
-- folds equal notices of one transaction into one, so a bulk write sends one per company.
CREATE FUNCTION "notify_company_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM pg_notify('company_changed', OLD.customer_id::text);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM pg_notify('company_changed', NEW.customer_id::text);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "notify_milestone_company_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM pg_notify('company_changed', (SELECT customer_id::text FROM projects WHERE id = OLD.project_id));
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM pg_notify('company_changed', (SELECT customer_id::text FROM projects WHERE id = NEW.project_id));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- An emptied table names no company: every dashboard is forgotten.
CREATE FUNCTION "notify_all_companies_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('company_changed', '');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "invoices_company_changed" AFTER INSERT OR UPDATE OR DELETE ON "invoices" FOR EACH ROW EXECUTE FUNCTION "notify_company_changed"();--> statement-breakpoint
CREATE TRIGGER "projects_company_changed" AFTER INSERT OR UPDATE OR DELETE ON "projects" FOR EACH ROW EXECUTE FUNCTION "notify_company_changed"();--> statement-breakpoint
CREATE TRIGGER "tickets_company_changed" AFTER INSERT OR UPDATE OR DELETE ON "tickets" FOR EACH ROW EXECUTE FUNCTION "notify_company_changed"();--> statement-breakpoint
CREATE TRIGGER "time_entries_company_changed" AFTER INSERT OR UPDATE OR DELETE ON "time_entries" FOR EACH ROW EXECUTE FUNCTION "notify_company_changed"();--> statement-breakpoint
CREATE TRIGGER "milestones_company_changed" AFTER INSERT OR UPDATE OR DELETE ON "milestones" FOR EACH ROW EXECUTE FUNCTION "notify_milestone_company_changed"();--> statement-breakpoint
CREATE TRIGGER "invoices_truncated_company_changed" AFTER TRUNCATE ON "invoices" FOR EACH STATEMENT EXECUTE FUNCTION "notify_all_companies_changed"();--> statement-breakpoint
CREATE TRIGGER "projects_truncated_company_changed" AFTER TRUNCATE ON "projects" FOR EACH STATEMENT EXECUTE FUNCTION "notify_all_companies_changed"();--> statement-breakpoint
CREATE TRIGGER "tickets_truncated_company_changed" AFTER TRUNCATE ON "tickets" FOR EACH STATEMENT EXECUTE FUNCTION "notify_all_companies_changed"();--> statement-breakpoint
CREATE TRIGGER "time_entries_truncated_company_changed" AFTER TRUNCATE ON "time_entries" FOR EACH STATEMENT EXECUTE FUNCTION "notify_all_companies_changed"();--> statement-breakpoint
CREATE TRIGGER "milestones_truncated_company_changed" AFTER TRUNCATE ON "milestones" FOR EACH STATEMENT EXECUTE FUNCTION "notify_all_companies_changed"();
