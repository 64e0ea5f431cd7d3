import { and, eq, inArray, sql, type SQL } from 'drizzle-orm'
import type { Reach } from '../../auth/scope'
import { channelAccountCompanies, channelAccounts, channels, ledgerAccounts } from '../../db/schema'
import type { Db } from '../../db/client'

/** The list's query: the account, its channel's name, its ledger balance, its companies. */
export const channelAccountFields = {
  id: channelAccounts.id,
  channelId: channelAccounts.channelId,
  channelName: channels.name,
  currency: channelAccounts.currency,
  bankName: channelAccounts.bankName,
  accountName: channelAccounts.accountName,
  accountNumber: channelAccounts.accountNumber,
  address: channelAccounts.address,
  swift: channelAccounts.swift,
  bankCode: channelAccounts.bankCode,
  branchCode: channelAccounts.branchCode,
  location: channelAccounts.location,
  active: channelAccounts.active,
  ledgerAccountId: ledgerAccounts.id,
  credits: ledgerAccounts.creditsPosted,
  debits: ledgerAccounts.debitsPosted,
  companyIds: sql<
    number[]
  >`coalesce((select array_agg(${channelAccountCompanies.companyId} order by ${channelAccountCompanies.companyId}) from ${channelAccountCompanies} where ${channelAccountCompanies.channelAccountId} = ${channelAccounts.id}), '{}')`,
  createdAt: channelAccounts.createdAt,
  updatedAt: channelAccounts.updatedAt,
}

export const channelAccountJoin = (q: any) =>
  q
    .innerJoin(channels, eq(channels.id, channelAccounts.channelId))
    .leftJoin(
      ledgerAccounts,
      and(
        eq(ledgerAccounts.type, 'channel_funding'),
        eq(ledgerAccounts.ownerType, 'channel'),
        eq(ledgerAccounts.ownerId, channelAccounts.channelId),
        eq(ledgerAccounts.currency, channelAccounts.currency),
      ),
    )

/**
 * The platform sees every channel account; a company user those made visible to a company in
 * its reach (accounts-channel-visibility).
 */
export function channelAccountScope(reach: Reach): SQL | undefined {
  if (reach.kind === 'platform') return undefined
  if (!reach.companyIds.length) return sql`false`
  return sql`exists (select 1 from ${channelAccountCompanies} where ${channelAccountCompanies.channelAccountId} = ${channelAccounts.id} and ${inArray(channelAccountCompanies.companyId, reach.companyIds)})`
}

/** The ledger balances of these channel accounts, by channel account id. */
export async function fundingBalances(db: Db, ids: number[]): Promise<Map<number, number>> {
  if (!ids.length) return new Map()
  const rows = await db
    .select({
      id: channelAccounts.id,
      credits: ledgerAccounts.creditsPosted,
      debits: ledgerAccounts.debitsPosted,
    })
    .from(channelAccounts)
    .innerJoin(
      ledgerAccounts,
      and(
        eq(ledgerAccounts.type, 'channel_funding'),
        eq(ledgerAccounts.ownerType, 'channel'),
        eq(ledgerAccounts.ownerId, channelAccounts.channelId),
        eq(ledgerAccounts.currency, channelAccounts.currency),
      ),
    )
    .where(inArray(channelAccounts.id, ids))
  return new Map(rows.map((r) => [r.id, r.credits - r.debits]))
}
