-- Every write to what instances cache (a role's grants and the menus and buttons they name)
-- notifies the channel each instance listens on, once per statement, delivered at commit
-- (server/cacheInvalidation.ts). The payload names the table, for the logs' sake only.
CREATE OR REPLACE FUNCTION notify_cache_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('vcc_cache', TG_TABLE_NAME);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER roles_cache_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON roles
  FOR EACH STATEMENT EXECUTE FUNCTION notify_cache_change();
--> statement-breakpoint
CREATE TRIGGER role_menus_cache_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON role_menus
  FOR EACH STATEMENT EXECUTE FUNCTION notify_cache_change();
--> statement-breakpoint
CREATE TRIGGER role_buttons_cache_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON role_buttons
  FOR EACH STATEMENT EXECUTE FUNCTION notify_cache_change();
--> statement-breakpoint
CREATE TRIGGER menus_cache_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON menus
  FOR EACH STATEMENT EXECUTE FUNCTION notify_cache_change();
--> statement-breakpoint
CREATE TRIGGER buttons_cache_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON buttons
  FOR EACH STATEMENT EXECUTE FUNCTION notify_cache_change();
