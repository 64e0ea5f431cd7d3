ALTER TABLE "audit_log" ADD COLUMN "actor_company_id" integer;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "actor_merchant_id" integer;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "object_company_id" integer;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "object_merchant_id" integer;--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "audit_log_target_idx" ON "audit_log" USING btree ("target","at");--> statement-breakpoint
UPDATE "audit_log" a SET "actor_merchant_id" = u."merchant_id", "actor_company_id" = coalesce(m."company_id", u."company_id")
FROM "users" u LEFT JOIN "merchants" m ON m."id" = u."merchant_id"
WHERE u."id" = a."user_id";--> statement-breakpoint
UPDATE "audit_log" a SET "object_merchant_id" = o."merchant_id" FROM "cards" o
WHERE a."target" = 'card:' || o."id";--> statement-breakpoint
UPDATE "audit_log" a SET "object_merchant_id" = o."merchant_id" FROM "cardholders" o
WHERE a."target" = 'cardholder:' || o."id";--> statement-breakpoint
UPDATE "audit_log" a SET "object_merchant_id" = o."merchant_id" FROM "card_groups" o
WHERE a."target" = 'card-group:' || o."id";--> statement-breakpoint
UPDATE "audit_log" a SET "object_company_id" = m."company_id" FROM "merchants" m
WHERE m."id" = a."object_merchant_id";
