import { and, eq, isNull } from 'drizzle-orm'
import type { Db } from '../db/client'
import { ledgerAccounts } from '../db/schema'
import { OVERDRAFT_TYPES, type AccountType, type OwnerType } from './postings'
import type { AccountRow } from './store'

export interface AccountKey {
  type: AccountType
  ownerType: OwnerType
  /** null for the platform's own accounts. */
  ownerId: number | null
  currency: string
}

/** The account of this type, owner and currency, opened (at zero) if it does not exist yet. */
export async function openAccount(db: Db, key: AccountKey): Promise<AccountRow> {
  const where = and(
    eq(ledgerAccounts.type, key.type),
    eq(ledgerAccounts.ownerType, key.ownerType),
    key.ownerId === null ? isNull(ledgerAccounts.ownerId) : eq(ledgerAccounts.ownerId, key.ownerId),
    eq(ledgerAccounts.currency, key.currency),
  )
  const [existing] = await db.select().from(ledgerAccounts).where(where)
  if (existing) return existing
  const [created] = await db
    .insert(ledgerAccounts)
    .values({ ...key, allowOverdraft: OVERDRAFT_TYPES.has(key.type) })
    .onConflictDoNothing()
    .returning()
  if (created) return created
  // A concurrent opener won (or a null owner slipped past the unique index): read it back.
  const [row] = await db.select().from(ledgerAccounts).where(where)
  return row
}
