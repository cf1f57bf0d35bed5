-- Issue 20: a document carries its project's name (documents.project_name), so the documents
-- search is one trigram index with no join (docs/decisions/038-one-search-index-per-list.md).
-- Triggers keep the copy, whatever door writes: a document's project set or changed, a project
-- renamed, a project deleted (its documents' project_id set to null by the foreign key).
CREATE FUNCTION "document_project_name"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.project_name := (SELECT name FROM projects WHERE id = NEW.project_id);
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE FUNCTION "project_renamed_documents"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE documents SET project_name = NEW.name WHERE project_id = NEW.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "documents_project_name" BEFORE INSERT OR UPDATE OF project_id ON "documents" FOR EACH ROW EXECUTE FUNCTION "document_project_name"();--> statement-breakpoint
CREATE TRIGGER "projects_renamed_documents" AFTER UPDATE OF name ON "projects" FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION "project_renamed_documents"();--> statement-breakpoint
UPDATE documents SET project_name = projects.name FROM projects WHERE projects.id = documents.project_id;
