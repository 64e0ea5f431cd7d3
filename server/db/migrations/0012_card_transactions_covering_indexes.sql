-- Card transactions list (issue 9 §Performance): its count reads an index alone. Each list
-- index also carries the columns the other filters test (status, merchant, card, type), so a
-- filtered count (merchant + dates + status + card, 1,000,000 rows) is an index-only scan
-- instead of a bitmap heap scan over thousands of pages (docs/performance.md, "Card
-- transactions list"). Same names and keys as before; drizzle-kit does not model INCLUDE, so
-- this migration is hand-written (numbered 0012: 0011 is taken by the groups work).
DROP INDEX IF EXISTS "card_transactions_merchant_time";--> statement-breakpoint
CREATE INDEX "card_transactions_merchant_time" ON "card_transactions" USING btree ("merchant_id","occurred_at","id") INCLUDE ("status","card_id","type");--> statement-breakpoint
DROP INDEX IF EXISTS "card_transactions_card_time";--> statement-breakpoint
CREATE INDEX "card_transactions_card_time" ON "card_transactions" USING btree ("card_id","occurred_at","id") INCLUDE ("status","merchant_id","type");--> statement-breakpoint
DROP INDEX IF EXISTS "card_transactions_status_time";--> statement-breakpoint
CREATE INDEX "card_transactions_status_time" ON "card_transactions" USING btree ("status","occurred_at","id") INCLUDE ("merchant_id","card_id","type");
