-- Every app server keeps a company's unsearched first page of the portal's lists between change
-- notices (docs/decisions/080). The lists' own tables already name their company (0008, 0025);
-- what their rows read besides now does too: an invoice's lines, payments and credit notes,
-- a ticket's replies and events, and an assignee's name (any company's tickets may show it).
CREATE FUNCTION "notify_invoice_part_company_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM pg_notify('company_changed', (SELECT customer_id::text FROM invoices WHERE id = OLD.invoice_id));
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM pg_notify('company_changed', (SELECT customer_id::text FROM invoices WHERE id = NEW.invoice_id));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "notify_reply_company_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
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
CREATE TRIGGER "invoice_lines_company_changed" AFTER INSERT OR UPDATE OR DELETE ON "invoice_lines" FOR EACH ROW EXECUTE FUNCTION "notify_invoice_part_company_changed"();--> statement-breakpoint
CREATE TRIGGER "invoice_payments_company_changed" AFTER INSERT OR UPDATE OR DELETE ON "invoice_payments" FOR EACH ROW EXECUTE FUNCTION "notify_invoice_part_company_changed"();--> statement-breakpoint
CREATE TRIGGER "invoice_credit_notes_company_changed" AFTER INSERT OR UPDATE OR DELETE ON "invoice_credit_notes" FOR EACH ROW EXECUTE FUNCTION "notify_invoice_part_company_changed"();--> statement-breakpoint
CREATE TRIGGER "ticket_replies_company_changed" AFTER INSERT OR UPDATE OR DELETE ON "ticket_replies" FOR EACH ROW EXECUTE FUNCTION "notify_reply_company_changed"();--> statement-breakpoint
-- A renamed user may be an assignee shown on any company's tickets: every company is forgotten.
CREATE TRIGGER "users_name_company_changed" AFTER UPDATE OF "first_name", "last_name" ON "users" FOR EACH ROW WHEN (OLD."first_name" IS DISTINCT FROM NEW."first_name" OR OLD."last_name" IS DISTINCT FROM NEW."last_name") EXECUTE FUNCTION "notify_all_companies_changed"();--> statement-breakpoint
CREATE TRIGGER "invoice_lines_truncated_company_changed" AFTER TRUNCATE ON "invoice_lines" FOR EACH STATEMENT EXECUTE FUNCTION "notify_all_companies_changed"();--> statement-breakpoint
CREATE TRIGGER "invoice_payments_truncated_company_changed" AFTER TRUNCATE ON "invoice_payments" FOR EACH STATEMENT EXECUTE FUNCTION "notify_all_companies_changed"();--> statement-breakpoint
CREATE TRIGGER "invoice_credit_notes_truncated_company_changed" AFTER TRUNCATE ON "invoice_credit_notes" FOR EACH STATEMENT EXECUTE FUNCTION "notify_all_companies_changed"();--> statement-breakpoint
CREATE TRIGGER "ticket_replies_truncated_company_changed" AFTER TRUNCATE ON "ticket_replies" FOR EACH STATEMENT EXECUTE FUNCTION "notify_all_companies_changed"();
