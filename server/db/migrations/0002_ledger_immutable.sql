-- Ledger entries and postings are never changed: a correction is a new entry (docs/ledger.md).
-- Kept as a hand-written migration because drizzle-kit does not generate triggers.
CREATE OR REPLACE FUNCTION ledger_refuse_change() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'ledger % rows are immutable', TG_TABLE_NAME USING ERRCODE = 'restrict_violation';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_immutable BEFORE UPDATE OR DELETE ON "ledger_entries"
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER ledger_postings_immutable BEFORE UPDATE OR DELETE ON "ledger_postings"
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
-- Databases created before the flag existed: the built-in administrator role keeps the ledger's
-- administrator calls (new databases get it from the seed).
UPDATE "roles" SET "platform_admin" = true WHERE "name" = 'Platform administrator';
