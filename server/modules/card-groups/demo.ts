import { eq } from 'drizzle-orm'
import type { Deps } from '../../deps'
import {
  cardBinAssignments,
  cardBins,
  cardGroupRules,
  cardGroupRuleVisibility,
  cardGroups,
  companies,
  merchants,
} from '../../db/schema'
import { groupPoolKey, merchantBalance, openAccount } from '../../ledger/accounts'
import { writeEntry } from '../../ledger/store'
import { remarkCode } from '../../../src/lib/remarks'

/** The demo shared-mode BINs assigned to Skyline Air Tickets: SGD, then USD. */
export const DEMO_SHARED_BINS = ['41118800', '41118900'] as const

/**
 * Demo shared card rules and one group (docs/groups.md): shared-mode SGD and USD BINs (visa
 * 41118800 and 41118900 on the sandbox issuer) assigned to Skyline Air Tickets; a platform rule
 * visible to both demo companies; a merchant-level rule of Skyline's; and Skyline's "Travel desk" group made from the platform rule with an SGD 2,000.00
 * deposit moved from its balance through the ledger (so that rule shows as in use).
 */
export async function seedGroupsDemo(deps: Pick<Deps, 'db' | 'clock'>) {
  const { db } = deps
  const [skyline] = await db
    .select()
    .from(merchants)
    .where(eq(merchants.name, 'Skyline Air Tickets'))
  const [sibling] = await db.select().from(cardBins).where(eq(cardBins.bin, '52311245'))
  if (!skyline || !sibling) return
  // Shared-mode BINs in both of Skyline's balance currencies, so merchant.user can issue cards
  // into a group in either (issue 17: with SGD alone, a USD group offered no BIN at all).
  const bins = await db
    .insert(cardBins)
    .values(
      (['SGD', 'USD'] as const).map((currency, i) => ({
        bin: DEMO_SHARED_BINS[i],
        channelId: sibling.channelId,
        scheme: 'visa',
        currency,
        cardMode: 'shared' as const,
        region: 'SG',
      })),
    )
    .returning()
  await db
    .insert(cardBinAssignments)
    .values(bins.map((bin) => ({ cardBinId: bin.id, merchantId: skyline.id })))
  const [platformRule, merchantRule] = await db
    .insert(cardGroupRules)
    .values([
      {
        name: 'Standard shared rule',
        floatingRatioBps: 1000,
        warningThresholdBps: 2000,
        maxCards: 10,
        remark: 'Platform rule for travel and advertising teams',
      },
      {
        name: 'Skyline travel desk',
        merchantId: skyline.id,
        floatingRatioBps: 0,
        warningThresholdBps: 3000,
        maxCards: 5,
      },
    ])
    .returning()
  void merchantRule
  const companyRows = await db.select({ id: companies.id }).from(companies)
  if (companyRows.length) {
    await db
      .insert(cardGroupRuleVisibility)
      .values(companyRows.map((c) => ({ ruleId: platformRule.id, companyId: c.id })))
  }
  const balance = await merchantBalance(db, skyline.id, 'SGD')
  if (!balance) return
  const deposit = 2_000_00
  await db.transaction(async (tx) => {
    const [group] = await tx
      .insert(cardGroups)
      .values({
        merchantId: skyline.id,
        companyId: skyline.companyId,
        ruleId: platformRule.id,
        name: 'Travel desk',
        currency: 'SGD',
        deposit,
        requestId: 'demo-group-travel-desk',
      })
      .returning()
    const pool = await openAccount(tx, groupPoolKey(group.id, 'SGD'))
    await writeEntry(
      tx,
      { db: tx, clock: deps.clock },
      {
        requestId: 'group-create:demo-group-travel-desk',
        fingerprint: JSON.stringify(['group_deposit', group.id, deposit]),
        kind: 'group_deposit',
        remark: remarkCode('groupDeposit', { group: group.name }),
        postings: [
          { accountId: balance.id, currency: 'SGD', amount: -deposit },
          { accountId: pool.id, currency: 'SGD', amount: deposit },
        ],
      },
    )
  })
}
