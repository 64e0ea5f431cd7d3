import { and, asc, eq, inArray } from 'drizzle-orm'
import { maskedCardNumber } from '../../../src/lib/cardNumber'
import { formatMoney } from '../../../src/lib/money'
import { fromBps } from '../../../src/resources/cardGroups'
import type { GroupAddCardsRequest, GroupCreateRequest } from '../../../src/resources/cardGroupOps'
import { audit } from '../../audit'
import type { Actor } from '../../auth/actor'
import { reachOf, requireMerchant, type Reach } from '../../auth/scope'
import type { Db } from '../../db/client'
import { cardGroupCards, cardGroups, cards, merchants } from '../../db/schema'
import type { Deps } from '../../deps'
import { isUniqueViolation } from '../../db/uniqueViolation'
import { BizError } from '../../http/errors'
import { fieldRefusal } from '../../http/refusals'
import {
  cardAccountKey,
  groupPoolKey,
  merchantBalance,
  merchantBalanceKey,
  merchantBalances,
  openAccount,
} from '../../ledger/accounts'
import { availableBalance, postedBalance } from '../../ledger/postings'
import { LedgerRules } from '../../ledger/rules'
import { replay, writeEntry, type LedgerContext } from '../../ledger/store'
import type { ServiceContext } from '../../resources/context'
import { createCards } from '../cards/create'
import { creationBounds } from '../cards/params'
import { allocationRefusal, belowThreshold, type AllocationRefusal } from './pool'
import { ruleVisibleTo } from './ruleQueries'
import { GroupRules } from './rules'
import {
  candidateRules,
  cardScope,
  groupInReach,
  memberCards,
  memberLimits,
  merchantCardholders,
  movableCards,
  poolAccount,
  sharedBins,
  usedInGroup,
  type GroupRow,
  type RuleRow,
} from './queries'
import { remarkCode } from '../../../src/lib/remarks'

type Ctx = ServiceContext & { actor: Actor }

const ledgerOf = (ctx: ServiceContext, db: Db): LedgerContext => ({
  db,
  clock: ctx.clock,
  actorUserId: ctx.actor?.userId,
})

/** An allocation refusal as the rule's error, with its figures in the group's currency. */
export function refuseAllocation(r: AllocationRefusal, currency: string): never {
  if (r.kind === 'maxCards') throw new BizError(GroupRules.maxCards, { max: r.max, count: r.count })
  if (r.kind === 'limitAboveDeposit') throw new BizError(GroupRules.limitAboveDeposit)
  throw new BizError(GroupRules.allocationExceeded, {
    allocated: formatMoney(r.allocated, currency),
    max: formatMoney(r.max, currency),
  })
}

/** Refuses when the group could not hold these limits with this deposit. */
function checkAllocation(rule: RuleRow, deposit: number, limits: number[], currency: string) {
  const refusal = allocationRefusal(rule, deposit, limits)
  if (refusal) refuseAllocation(refusal, currency)
}

/**
 * Re-reads the pool after a change and keeps the warning flag: returns true when the group just
 * fell below its threshold (the caller sends the e-mail after the commit); above it, the flag
 * clears so the next crossing warns again.
 */
export async function refreshWarning(db: Db, group: GroupRow, rule: RuleRow): Promise<boolean> {
  const [fresh] = await db.select().from(cardGroups).where(eq(cardGroups.id, group.id))
  const pool = await poolAccount(db, group.id, group.currency)
  const available = pool ? availableBalance(pool) : 0
  const below = belowThreshold(available, fresh.deposit, rule.warningThresholdBps)
  if (below === fresh.warned) return false
  await db.update(cardGroups).set({ warned: below }).where(eq(cardGroups.id, group.id))
  return below
}

/** A group from a visible rule; its deposit moves from the merchant's balance to the pool. */
export async function createGroup(
  ctx: Ctx,
  input: GroupCreateRequest,
): Promise<{ id: number; crossed: boolean }> {
  const reach = await reachOf(ctx.db, ctx.actor)
  const merchant = await requireMerchant(ctx.db, reach, input.merchantId, () =>
    fieldRefusal(
      ctx,
      GroupRules.merchantNotFound,
      'merchantId',
      'refusals:cardGroup.merchantNotFound',
    ),
  )
  const same = async () => {
    const [first] = await ctx.db
      .select()
      .from(cardGroups)
      .where(eq(cardGroups.requestId, input.requestId))
    if (!first) return null
    const fields = [first.merchantId, first.ruleId, first.name, first.currency]
    if (
      JSON.stringify(fields) !==
      JSON.stringify([input.merchantId, input.ruleId, input.name, input.currency])
    ) {
      throw new BizError(GroupRules.requestIdReused)
    }
    return { id: first.id, crossed: false }
  }
  const first = await same()
  if (first) return first
  const rule = await ruleVisibleTo(ctx.db, input.ruleId, merchant)
  if (!rule) {
    throw fieldRefusal(
      ctx,
      GroupRules.ruleNotVisible,
      'ruleId',
      'refusals:cardGroup.ruleNotVisible',
    )
  }
  const balance = await merchantBalance(ctx.db, merchant.id, input.currency)
  if (!balance) throw new BizError(GroupRules.insufficientAccountBalance)
  try {
    return await ctx.db.transaction(async (tx) => {
      const now = ctx.clock.now()
      const [group] = await tx
        .insert(cardGroups)
        .values({
          merchantId: merchant.id,
          companyId: merchant.companyId,
          ruleId: rule.id,
          name: input.name,
          currency: input.currency,
          deposit: input.deposit,
          requestId: input.requestId,
          createdBy: ctx.actor.userId,
          createdAt: now,
          updatedAt: now,
        })
        .returning()
      const pool = await openAccount(tx, groupPoolKey(group.id, group.currency))
      await writeEntry(tx, ledgerOf(ctx, tx), {
        requestId: `group-create:${input.requestId}`,
        fingerprint: JSON.stringify(['group_deposit', group.id, input.deposit]),
        kind: 'group_deposit',
        remark: remarkCode('groupDeposit', { group: group.name }),
        postings: [
          { accountId: balance.id, currency: group.currency, amount: -input.deposit },
          { accountId: pool.id, currency: group.currency, amount: input.deposit },
        ],
      })
      const crossed = await refreshWarning(tx, group, rule)
      await audit(
        ctx,
        {
          action: 'card-group.create',
          target: `card-group:${group.id}`,
          detail: { ...input },
        },
        tx,
      )
      return { id: group.id, crossed }
    })
  } catch (e) {
    if (e instanceof BizError && e.rule === LedgerRules.insufficientBalance) {
      throw new BizError(GroupRules.insufficientAccountBalance)
    }
    if (isUniqueViolation(e)) {
      const winner = await same()
      if (winner) return winner
    }
    throw e
  }
}

/**
 * Top-up (merchant balance → pool) or withdrawal (pool → merchant balance), once per
 * requestId. A withdrawal must leave the cards' limits within the rule (card limit ≤ deposit,
 * their sum ≤ deposit plus the floating ratio).
 */
export async function moveGroupMoney(
  ctx: Ctx,
  kind: 'top-up' | 'withdraw',
  input: { id: number; amount: number; requestId: string },
): Promise<{ crossed: boolean }> {
  const reach = await reachOf(ctx.db, ctx.actor)
  const ledgerRequest = `group-${kind}:${input.id}:${input.requestId}`
  const fingerprint = JSON.stringify([`group_${kind}`, input.id, input.amount])
  try {
    return await ctx.db.transaction(async (tx) => {
      const { group, rule } = await groupInReach(tx, reach, input.id, true)
      // The group row is locked: a retry of this request waits for the first and finds it here.
      if (await replay(tx, ledgerRequest, fingerprint)) return { crossed: false }
      const balance = await merchantBalance(tx, group.merchantId, group.currency)
      const merchantAccount =
        balance ?? (await openAccount(tx, merchantBalanceKey(group.merchantId, group.currency)))
      if (kind === 'top-up' && !balance) throw new BizError(GroupRules.insufficientAccountBalance)
      const pool = await openAccount(tx, groupPoolKey(group.id, group.currency))
      const deposit = group.deposit + (kind === 'top-up' ? input.amount : -input.amount)
      if (kind === 'withdraw') {
        if (availableBalance(pool) < input.amount || deposit < 0) {
          throw new BizError(GroupRules.insufficientGroupBalance)
        }
        checkAllocation(
          rule,
          deposit,
          [...(await memberLimits(tx, group.id)).values()],
          group.currency,
        )
      }
      const [from, to] = kind === 'top-up' ? [merchantAccount, pool] : [pool, merchantAccount]
      await writeEntry(tx, ledgerOf(ctx, tx), {
        requestId: ledgerRequest,
        fingerprint,
        kind: kind === 'top-up' ? 'group_top_up' : 'group_withdraw',
        remark: remarkCode(kind === 'top-up' ? 'groupTopUp' : 'groupWithdraw', {
          group: group.name,
        }),
        postings: [
          { accountId: from.id, currency: group.currency, amount: -input.amount },
          { accountId: to.id, currency: group.currency, amount: input.amount },
        ],
      })
      await tx
        .update(cardGroups)
        .set({ deposit, updatedAt: ctx.clock.now() })
        .where(eq(cardGroups.id, group.id))
      const crossed = await refreshWarning(tx, group, rule)
      await audit(
        ctx,
        {
          action: `card-group.${kind}`,
          target: `card-group:${group.id}`,
          detail: { amount: input.amount, requestId: input.requestId },
        },
        tx,
      )
      return { crossed }
    })
  } catch (e) {
    if (e instanceof BizError && e.rule === LedgerRules.insufficientBalance) {
      throw new BizError(
        kind === 'top-up'
          ? GroupRules.insufficientAccountBalance
          : GroupRules.insufficientGroupBalance,
      )
    }
    if (isUniqueViolation(e)) {
      // A concurrent copy of this request committed first.
      if (await replay(ctx.db, ledgerRequest, fingerprint)) return { crossed: false }
    }
    throw e
  }
}

/**
 * Inside the transaction that writes new cards (createCards): the group is locked and the new
 * cards join it with `cardLimit` each, within the rule.
 */
export async function joinNewCards(
  db: Db,
  ctx: ServiceContext,
  groupId: number,
  cardIds: number[],
  cardLimit: number,
) {
  const [group] = await db.select().from(cardGroups).where(eq(cardGroups.id, groupId)).for('update')
  const { rule } = await groupInReach(db, { kind: 'platform' }, groupId, false)
  const limits = [...(await memberLimits(db, groupId)).values(), ...cardIds.map(() => cardLimit)]
  checkAllocation(rule, group.deposit, limits, group.currency)
  await db
    .insert(cardGroupCards)
    .values(cardIds.map((cardId) => ({ groupId, cardId, cardLimit, joinedAt: ctx.clock.now() })))
  await audit(
    ctx,
    {
      action: 'card-group.add-cards',
      target: `card-group:${groupId}`,
      detail: { cardIds, cardLimit },
    },
    db,
  )
}

/** Locks cards of the caller's reach in ascending id (cards before the group, everywhere). */
async function lockCards(db: Db, reach: Reach, ids: number[]) {
  const sorted = [...new Set(ids)].sort((a, b) => a - b)
  const rows = await db
    .select()
    .from(cards)
    .where(and(inArray(cards.id, sorted), cardScope(reach)))
    .orderBy(asc(cards.id))
    .for('update')
  if (rows.length !== sorted.length) throw new BizError(GroupRules.cardNotInGroup)
  return rows
}

/**
 * Moves an active shared-mode card of the group's merchant and currency, in no group and with
 * nothing pending, into the group; its own balance goes to the pool (the deposit grows by it).
 */
export async function moveCardIn(
  ctx: Ctx,
  input: { groupId: number; cardId: number; cardLimit: number; requestId: string },
): Promise<{ crossed: boolean }> {
  const reach = await reachOf(ctx.db, ctx.actor)
  return ctx.db.transaction(async (tx) => {
    const [card] = await tx
      .select()
      .from(cards)
      .where(and(eq(cards.id, input.cardId), cardScope(reach)))
      .for('update')
    const { group, rule } = await groupInReach(tx, reach, input.groupId, true)
    if (!card)
      throw fieldRefusal(
        ctx,
        GroupRules.cardNotMovable,
        'cardId',
        'refusals:cardGroup.cardNotMovable',
      )
    const [member] = await tx
      .select()
      .from(cardGroupCards)
      .where(eq(cardGroupCards.cardId, card.id))
    // The same move again: already done.
    if (member && member.groupId === group.id) return { crossed: false }
    if (
      member ||
      card.status !== 'active' ||
      card.cardMode !== 'shared' ||
      card.merchantId !== group.merchantId ||
      card.currency !== group.currency
    ) {
      throw fieldRefusal(
        ctx,
        GroupRules.cardNotMovable,
        'cardId',
        'refusals:cardGroup.cardNotMovable',
      )
    }
    if (card.pendingTransactions > 0) throw new BizError(GroupRules.pendingTransactions)
    const account = await openAccount(tx, cardAccountKey(card.id, card.currency))
    if (account.debitsPending > 0 || account.creditsPending > 0) {
      throw new BizError(GroupRules.pendingTransactions)
    }
    const moved = postedBalance(account)
    const deposit = group.deposit + Math.max(moved, 0)
    checkAllocation(
      rule,
      deposit,
      [...(await memberLimits(tx, group.id)).values(), input.cardLimit],
      group.currency,
    )
    if (moved > 0) {
      const pool = await openAccount(tx, groupPoolKey(group.id, group.currency))
      await writeEntry(tx, ledgerOf(ctx, tx), {
        requestId: `group-move:${group.id}:${card.id}:${input.requestId}`,
        fingerprint: JSON.stringify(['group_card_in', group.id, card.id, moved]),
        kind: 'group_card_in',
        remark: remarkCode('groupCardIn', { group: group.name }),
        postings: [
          { accountId: account.id, currency: group.currency, amount: -moved },
          { accountId: pool.id, currency: group.currency, amount: moved },
        ],
      })
      await tx
        .update(cardGroups)
        .set({ deposit, updatedAt: ctx.clock.now() })
        .where(eq(cardGroups.id, group.id))
    }
    await tx.insert(cardGroupCards).values({
      groupId: group.id,
      cardId: card.id,
      cardLimit: input.cardLimit,
      joinedAt: ctx.clock.now(),
    })
    const crossed = await refreshWarning(tx, group, rule)
    await audit(
      ctx,
      {
        action: 'card-group.move-card',
        target: `card-group:${group.id}`,
        detail: { cardId: card.id, cardLimit: input.cardLimit, moved },
      },
      tx,
    )
    return { crossed }
  })
}

async function membersOf(db: Db, groupId: number, cardIds: number[]) {
  const rows = await db
    .select()
    .from(cardGroupCards)
    .where(and(eq(cardGroupCards.groupId, groupId), inArray(cardGroupCards.cardId, cardIds)))
  if (rows.length !== new Set(cardIds).size) throw new BizError(GroupRules.cardNotInGroup)
  return rows
}

/** Sets the limit of some of the group's cards (never below what a card has spent). */
export async function setCardLimits(
  ctx: Ctx,
  input: { groupId: number; cardIds: number[]; cardLimit: number },
) {
  const reach = await reachOf(ctx.db, ctx.actor)
  await ctx.db.transaction(async (tx) => {
    await lockCards(tx, reach, input.cardIds)
    const { group, rule } = await groupInReach(tx, reach, input.groupId, true)
    await membersOf(tx, group.id, input.cardIds)
    const used = await usedInGroup(tx, group.id, input.cardIds)
    const over = Math.max(0, ...input.cardIds.map((id) => used.get(id) ?? 0))
    if (over > input.cardLimit) {
      throw new BizError(GroupRules.limitBelowUsed, { used: formatMoney(over, group.currency) })
    }
    const limits = await memberLimits(tx, group.id)
    for (const id of input.cardIds) if (limits.has(id)) limits.set(id, input.cardLimit)
    checkAllocation(rule, group.deposit, [...limits.values()], group.currency)
    await tx
      .update(cardGroupCards)
      .set({ cardLimit: input.cardLimit })
      .where(
        and(eq(cardGroupCards.groupId, group.id), inArray(cardGroupCards.cardId, input.cardIds)),
      )
    await audit(
      ctx,
      {
        action: 'card-group.card-limit',
        target: `card-group:${group.id}`,
        detail: { cardIds: input.cardIds, cardLimit: input.cardLimit },
      },
      tx,
    )
  })
}

/**
 * Takes cards out of the group: their limit no longer counts, so their unspent part is free in
 * the pool again. A card with pending authorisations stays until they resolve.
 */
export async function removeCards(ctx: Ctx, input: { groupId: number; cardIds: number[] }) {
  const reach = await reachOf(ctx.db, ctx.actor)
  await ctx.db.transaction(async (tx) => {
    const locked = await lockCards(tx, reach, input.cardIds)
    const { group } = await groupInReach(tx, reach, input.groupId, true)
    await membersOf(tx, group.id, input.cardIds)
    if (locked.some((c) => c.pendingTransactions > 0)) {
      throw new BizError(GroupRules.pendingTransactions)
    }
    await tx
      .delete(cardGroupCards)
      .where(
        and(eq(cardGroupCards.groupId, group.id), inArray(cardGroupCards.cardId, input.cardIds)),
      )
    await audit(
      ctx,
      {
        action: 'card-group.remove-cards',
        target: `card-group:${group.id}`,
        detail: { cardIds: input.cardIds },
      },
      tx,
    )
  })
}

/** What the create form offers a merchant: the rules visible to it and its balances. */
export async function groupFormOptions(ctx: Ctx, merchantId: number) {
  const { db } = ctx
  const merchant = await requireMerchant(
    db,
    await reachOf(db, ctx.actor),
    merchantId,
    () => new BizError(GroupRules.merchantNotFound),
  )
  const rules = []
  for (const r of await candidateRules(db, merchant.id)) {
    if (r.merchantId === null && !(await ruleVisibleTo(db, r.id, merchant))) continue
    rules.push({
      id: r.id,
      name: r.name,
      level: r.merchantId === null ? ('platform' as const) : ('merchant' as const),
      floatingRatio: fromBps(r.floatingRatioBps),
      warningThreshold: fromBps(r.warningThresholdBps),
      maxCards: r.maxCards,
    })
  }
  const balances = (await merchantBalances(db, merchant.id)).map((a) => ({
    currency: a.currency,
    available: availableBalance(a),
  }))
  return { rules, balances }
}

/** A group's cards: each card's limit, what it used from the pool and what remains. */
export async function groupCards(ctx: Ctx, groupId: number) {
  const { db } = ctx
  await groupInReach(db, await reachOf(db, ctx.actor), groupId, false)
  const rows = await memberCards(db, groupId)
  const used = await usedInGroup(db, groupId)
  return rows.map(({ member, card }) => {
    const u = used.get(card.id) ?? 0
    return {
      cardId: card.id,
      maskedNumber: maskedCardNumber(card.first6, card.last4),
      alias: card.alias,
      status: card.status,
      cardLimit: member.cardLimit,
      used: u,
      remaining: Math.max(member.cardLimit - u, 0),
    }
  })
}

/**
 * What the group's add-card forms offer: shared-mode BINs of the group's currency, the
 * merchant's cardholders and its active shared-mode cards outside any group.
 */
export async function cardFormOptions(ctx: Ctx, groupId: number) {
  const { db } = ctx
  const { group } = await groupInReach(db, await reachOf(db, ctx.actor), groupId, false)
  const [merchant] = await db.select().from(merchants).where(eq(merchants.id, group.merchantId))
  const holders = await merchantCardholders(db, merchant.id)
  const movable = await movableCards(db, merchant.id, group.currency)
  return {
    bins: await sharedBins(db, merchant, group.currency),
    cardholders: holders.map((h) => ({
      id: h.id,
      name: `${h.firstName} ${h.lastName}`,
      isDefault: h.isDefault,
    })),
    movable: movable.map((m) => ({
      id: m.id,
      maskedNumber: maskedCardNumber(m.first6, m.last4),
      alias: m.alias,
    })),
    minValidityDays: (await creationBounds(db)).minValidityDays,
  }
}

/**
 * Issues cards into the group on a shared-mode BIN, each with the same limit and no money of
 * its own (they spend from the pool). A repeated request id answers the first cards.
 */
export async function addCards(ctx: Ctx, deps: Deps, input: GroupAddCardsRequest) {
  const { group } = await groupInReach(
    ctx.db,
    await reachOf(ctx.db, ctx.actor),
    input.groupId,
    false,
  )
  const { groupId, cardLimit, ...rest } = input
  return createCards(
    deps,
    ctx,
    { ...rest, merchantId: group.merchantId, initialAmount: 0 },
    {
      currency: group.currency,
      wrongBin: () =>
        fieldRefusal(ctx, GroupRules.binNotShared, 'cardBinId', 'refusals:cardGroup.binNotShared'),
      join: (tx, ids) => joinNewCards(tx, ctx, groupId, ids, cardLimit),
    },
  )
}
