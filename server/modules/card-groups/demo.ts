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
import { openAccount } from '../../ledger/accounts'
import { writeEntry } from '../../ledger/store'
import { merchantBalance } from '../cards/accounts'
import { poolKey } from './store'

/**
 * Demo shared card rules and one group (docs/groups.md): a shared-mode SGD BIN (visa 41118800 on
 * the sandbox issuer) assigned to Skyline Air Tickets; a platform rule visible to both demo companies; a merchant-level rule of
 * Skyline's; and Skyline's "Travel desk" group made from the platform rule with an SGD 2,000.00
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
  const [bin] = await db
    .insert(cardBins)
    .values({
      bin: '41118800',
      channelId: sibling.channelId,
      scheme: 'visa',
      currency: 'SGD',
      cardMode: 'shared',
      region: 'SG',
    })
    .returning()
  await db.insert(cardBinAssignments).values({ cardBinId: bin.id, merchantId: skyline.id })
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
    const pool = await openAccount(tx, poolKey(group.id, 'SGD'))
    await writeEntry(
      tx,
      { db: tx, clock: deps.clock },
      {
        requestId: 'group-create:demo-group-travel-desk',
        fingerprint: JSON.stringify(['group_deposit', group.id, deposit]),
        kind: 'group_deposit',
        remark: 'Deposit into shared card group Travel desk',
        postings: [
          { accountId: balance.id, currency: 'SGD', amount: -deposit },
          { accountId: pool.id, currency: 'SGD', amount: deposit },
        ],
      },
    )
  })
}
