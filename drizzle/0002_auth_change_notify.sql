-- Every app server keeps signed-in accounts in memory (docs/decisions/session-cache.md).
-- Any change to what an account is made of tells every listener to forget them.
-- Statement-level: one notice per statement, and PostgreSQL folds equal notices of one
-- transaction into one. The session touch (last_seen_at only) does not fire.
CREATE FUNCTION "notify_auth_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('auth_changed', '');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "sessions_auth_changed" AFTER DELETE OR UPDATE OF "id_hash", "user_id", "expires_at" ON "sessions" FOR EACH STATEMENT EXECUTE FUNCTION "notify_auth_changed"();--> statement-breakpoint
CREATE TRIGGER "sessions_truncated_auth_changed" AFTER TRUNCATE ON "sessions" FOR EACH STATEMENT EXECUTE FUNCTION "notify_auth_changed"();--> statement-breakpoint
CREATE TRIGGER "users_auth_changed" AFTER UPDATE OR DELETE OR TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "notify_auth_changed"();--> statement-breakpoint
CREATE TRIGGER "customers_auth_changed" AFTER UPDATE OR DELETE OR TRUNCATE ON "customers" FOR EACH STATEMENT EXECUTE FUNCTION "notify_auth_changed"();--> statement-breakpoint
CREATE TRIGGER "customer_users_auth_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "customer_users" FOR EACH STATEMENT EXECUTE FUNCTION "notify_auth_changed"();--> statement-breakpoint
CREATE TRIGGER "notification_preferences_auth_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "notification_preferences" FOR EACH STATEMENT EXECUTE FUNCTION "notify_auth_changed"();--> statement-breakpoint
CREATE TRIGGER "sign_ins_auth_changed" AFTER INSERT OR DELETE OR TRUNCATE ON "sign_ins" FOR EACH STATEMENT EXECUTE FUNCTION "notify_auth_changed"();
