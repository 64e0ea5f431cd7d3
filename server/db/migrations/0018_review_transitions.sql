CREATE TABLE "review_transitions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"subject" text NOT NULL,
	"item_id" bigint NOT NULL,
	"event" text NOT NULL,
	"from_state" text NOT NULL,
	"to_state" text NOT NULL,
	"actor_user_id" integer,
	"actor_name" text DEFAULT '' NOT NULL,
	"reason_code" text,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "review_transitions_item" ON "review_transitions" USING btree ("subject","item_id","id");--> statement-breakpoint
-- The accounts requests' decisions and withdrawals move to the one history of every review
-- (their "declared" step is the request's own row: its maker and time).
INSERT INTO "review_transitions" ("subject", "item_id", "event", "from_state", "to_state", "actor_user_id", "actor_name", "reason_code", "note", "created_at")
SELECT 'account-request', "request_id",
  CASE "action" WHEN 'approve' THEN 'APPROVE' WHEN 'reject' THEN 'REJECT' ELSE 'WITHDRAW' END,
  'pending',
  CASE "action" WHEN 'approve' THEN 'approved' WHEN 'reject' THEN 'rejected' ELSE 'withdrawn' END,
  "actor_user_id", "actor_name", "reason_code", coalesce("note", ''), "created_at"
FROM "account_request_events" WHERE "action" IN ('approve', 'reject', 'cancel') ORDER BY "id";
--> statement-breakpoint
-- The card requests' decisions, from the request's own review columns.
INSERT INTO "review_transitions" ("subject", "item_id", "event", "from_state", "to_state", "actor_user_id", "actor_name", "reason_code", "note", "created_at")
SELECT 'card-request', r."id",
  CASE r."status" WHEN 'approved' THEN 'APPROVE' WHEN 'rejected' THEN 'REJECT' ELSE 'WITHDRAW' END,
  'pending', r."status", r."reviewed_by", coalesce(u."login_name", ''),
  nullif(r."review_reason_code", ''), coalesce(r."review_note", ''), coalesce(r."reviewed_at", r."created_at")
FROM "card_requests" r LEFT JOIN "users" u ON u."id" = r."reviewed_by"
WHERE r."status" IN ('approved', 'rejected', 'withdrawn') ORDER BY r."id";
--> statement-breakpoint
DROP TABLE "account_request_events";
