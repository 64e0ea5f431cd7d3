import { and, eq, inArray } from 'drizzle-orm'
import type { Reach } from '../../auth/scope'
import { reachesMerchant } from '../../auth/scope'
import type { Db } from '../../db/client'
import { ledgerAccounts, merchants } from '../../db/schema'
import { BizError } from '../../http/errors'
import { LedgerRules } from '../../ledger/rules'
import type { AccountRow } from '../../ledger/store'
import { TransferRules } from './rules'

/**
 * The accounts of a transfer, if the caller may move money between them (docs/ledger.md,
 * "Who may transfer"): the platform any account (a missing one is 2003, 404); anyone else only
 * merchant balances of merchants in reach — a merchant user its own, a company user those of
 * its companies' merchants. Anything else, existing or not, is 2036: a caller outside the
 * platform never learns which account ids exist.
 */
export async function accountsInReach(
  db: Db,
  reach: Reach,
  ids: number[],
): Promise<Map<number, AccountRow>> {
  const rows = await db
    .select({ account: ledgerAccounts, merchant: merchants })
    .from(ledgerAccounts)
    .leftJoin(
      merchants,
      and(eq(ledgerAccounts.ownerType, 'merchant'), eq(ledgerAccounts.ownerId, merchants.id)),
    )
    .where(inArray(ledgerAccounts.id, ids))
  const found = new Map(rows.map((r) => [r.account.id, r]))
  for (const id of ids) {
    const row = found.get(id)
    if (reach.kind === 'platform') {
      if (!row) throw new BizError(LedgerRules.accountNotFound)
      continue
    }
    const ok =
      row?.account.type === 'merchant_balance' &&
      !!row.merchant &&
      reachesMerchant(reach, row.merchant)
    if (!ok) throw new BizError(TransferRules.outOfReach)
  }
  return new Map(rows.map((r) => [r.account.id, r.account]))
}
