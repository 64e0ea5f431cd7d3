-- What each purchase's accepted refunds paid back so far (card_transactions.refunded_amount,
-- added by the migration before this one). Refunds taken before refunds were bounded by the
-- clearing may add up to more than it: the column is capped at the cleared amount (its CHECK),
-- so no further refund of such a purchase is accepted; the ledger keeps what really moved.
UPDATE "card_transactions" AS p
SET "refunded_amount" = LEAST(r.total, p."cleared_amount")
FROM (
  SELECT "channel_id", "original_txn_ref", SUM("card_amount") AS total
  FROM "card_transactions"
  WHERE "type" = 'refund' AND "status" = 'success' AND "original_txn_ref" IS NOT NULL
  GROUP BY "channel_id", "original_txn_ref"
) AS r
WHERE p."type" = 'purchase'
  AND p."channel_id" = r."channel_id"
  AND p."txn_ref" = r."original_txn_ref";
--> statement-breakpoint
-- "Expired" in the card list's status filter (docs/cards.md, "Expired cards"): derived from the
-- expiry month, offered by the card_state dictionary. A database seeded before has the
-- dictionary without it; a fresh one gets it from the seed (the dictionary does not exist yet).
INSERT INTO "dict_details" ("dict_id", "code", "name", "seq")
SELECT d."id", 'expired', 'Expired', 9
FROM "dicts" AS d
WHERE d."code" = 'card_state'
ON CONFLICT ("dict_id", "code") DO NOTHING;
