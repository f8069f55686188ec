-- Decision 051: an instance keeps some reads (credit status, history pages) until the next
-- write, and learns of other instances' writes from these notifications, sent at commit on
-- channel app_writes. The embedded database has no other writer and turns them off
-- (app.write_notify=off in its configuration).
CREATE FUNCTION "notify_app_write"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('app.write_notify', true), '') <> 'off' THEN
    PERFORM pg_notify('app_writes', '');
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_notify_write" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "notify_app_write"();--> statement-breakpoint
CREATE TRIGGER "ad_sessions_notify_write" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "ad_sessions" FOR EACH STATEMENT EXECUTE FUNCTION "notify_app_write"();--> statement-breakpoint
CREATE TRIGGER "generations_notify_write" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "generations" FOR EACH STATEMENT EXECUTE FUNCTION "notify_app_write"();
