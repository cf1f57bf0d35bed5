-- Every app server keeps a company's unsearched list totals between change notices
-- (docs/decisions/029-paged-lists.md, addendum of 2026-11-27). Invoices, projects and tickets
-- already name their company on 'company_changed' (0008); the documents list and the ticket
-- watchers (who sees which ticket, issue 17) now do too.
CREATE FUNCTION "notify_watcher_company_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM pg_notify('company_changed', (SELECT customer_id::text FROM tickets WHERE id = OLD.ticket_id));
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM pg_notify('company_changed', (SELECT customer_id::text FROM tickets WHERE id = NEW.ticket_id));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "documents_company_changed" AFTER INSERT OR UPDATE OR DELETE ON "documents" FOR EACH ROW EXECUTE FUNCTION "notify_company_changed"();--> statement-breakpoint
CREATE TRIGGER "ticket_watchers_company_changed" AFTER INSERT OR UPDATE OR DELETE ON "ticket_watchers" FOR EACH ROW EXECUTE FUNCTION "notify_watcher_company_changed"();--> statement-breakpoint
CREATE TRIGGER "documents_truncated_company_changed" AFTER TRUNCATE ON "documents" FOR EACH STATEMENT EXECUTE FUNCTION "notify_all_companies_changed"();--> statement-breakpoint
CREATE TRIGGER "ticket_watchers_truncated_company_changed" AFTER TRUNCATE ON "ticket_watchers" FOR EACH STATEMENT EXECUTE FUNCTION "notify_all_companies_changed"();
