-- Every posting on a merchant balance becomes a row of account_movements, the table the
-- transactions list pages over (docs/ledger.md "Accounts screens"). A trigger, so that any
-- code that posts to the ledger (transfers, FX, card funding) shows in the list without
-- knowing about it. Hand-written: drizzle-kit does not generate triggers.
CREATE OR REPLACE FUNCTION account_movement_from_posting() RETURNS trigger AS $$
DECLARE
  acct record;
  entry record;
  company integer;
BEGIN
  SELECT type, owner_id INTO acct FROM ledger_accounts WHERE id = NEW.account_id;
  IF acct.type <> 'merchant_balance' THEN
    RETURN NEW;
  END IF;
  SELECT kind, remark, actor_user_id, created_at INTO entry FROM ledger_entries WHERE id = NEW.entry_id;
  SELECT company_id INTO company FROM merchants WHERE id = acct.owner_id;
  INSERT INTO account_movements (merchant_id, company_id, account_id, currency, type, status,
    amount, balance_after, remark, posting_id, entry_id, actor_user_id, created_at)
  VALUES (acct.owner_id, coalesce(company, 0), NEW.account_id, NEW.currency, entry.kind, 'success',
    NEW.amount, NEW.balance_after, coalesce(entry.remark, ''), NEW.id, NEW.entry_id,
    entry.actor_user_id, entry.created_at);
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER account_movements_from_posting AFTER INSERT ON "ledger_postings"
  FOR EACH ROW EXECUTE FUNCTION account_movement_from_posting();
--> statement-breakpoint
-- Postings written before this table existed.
INSERT INTO account_movements (merchant_id, company_id, account_id, currency, type, status,
  amount, balance_after, remark, posting_id, entry_id, actor_user_id, created_at)
SELECT a.owner_id, coalesce(m.company_id, 0), p.account_id, p.currency, e.kind, 'success',
  p.amount, p.balance_after, coalesce(e.remark, ''), p.id, p.entry_id, e.actor_user_id, e.created_at
FROM ledger_postings p
JOIN ledger_accounts a ON a.id = p.account_id AND a.type = 'merchant_balance'
JOIN ledger_entries e ON e.id = p.entry_id
LEFT JOIN merchants m ON m.id = a.owner_id
ON CONFLICT (posting_id) DO NOTHING;
