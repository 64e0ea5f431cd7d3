import { z } from '@hono/zod-openapi'
import { and, asc, eq, isNull, notExists, or, sql } from 'drizzle-orm'
import { maskedCardNumber } from '../../../src/lib/cardNumber'
import {
  cardGroups as definition,
  fromBps,
  groupAddCardsRequest,
  groupCardLimitRequest,
  groupCreateRequest,
  groupMoneyRequest,
  groupMoveCardRequest,
  groupRemoveCardsRequest,
} from '../../../src/resources/cardGroups'
import { button, menu } from '../../auth/permissions'
import { reachOf, requireMerchant } from '../../auth/scope'
import {
  cardBinAssignments,
  cardBins,
  cardGroupCards,
  cardGroupRules,
  cardGroups,
  cardholders,
  cards,
  ledgerAccounts,
  merchants,
} from '../../db/schema'
import { action } from '../../http/action'
import type { AdminApp } from '../../http/context'
import { BizError } from '../../http/errors'
import { IdRequest, iso } from '../../http/list'
import { fieldRefusal } from '../../http/refusals'
import { ok } from '../../http/respond'
import { serviceContext } from '../../resources/context'
import { registerResource } from '../../resources/routes'
import { CardRules } from '../cards/rules'
import { createCards } from '../cards/create'
import { creationBounds } from '../cards/params'
import { sendGroupWarning } from './mail'
import { belowThreshold } from './pool'
import { ruleVisibleTo } from './ruleStore'
import { GroupRules } from './rules'
import {
  createGroup,
  joinNewCards,
  merchantAvailable,
  moveCardIn,
  moveGroupMoney,
  removeCards,
  setCardLimits,
} from './service'
import { allocatedOf, cardCountOf, groupInReach, groupScope, poolJoin, usedInGroup } from './store'

const TAG = 'card-group'

const GroupCard = z
  .object({
    cardId: z.number().int(),
    maskedNumber: z.string(),
    alias: z.string(),
    status: z.string(),
    cardLimit: z.number().int(),
    used: z.number().int(),
    remaining: z.number().int(),
  })
  .openapi('CardGroupCard')

const GroupOptions = z
  .object({
    rules: z.array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        level: z.enum(['platform', 'merchant']),
        floatingRatio: z.number(),
        warningThreshold: z.number(),
        maxCards: z.number().int(),
      }),
    ),
    balances: z.array(z.object({ currency: z.string(), available: z.number().int() })),
  })
  .openapi('CardGroupOptions')

const CardOptions = z
  .object({
    bins: z.array(z.object({ id: z.number().int(), bin: z.string(), scheme: z.string() })),
    cardholders: z.array(
      z.object({ id: z.number().int(), name: z.string(), isDefault: z.boolean() }),
    ),
    movable: z.array(
      z.object({ id: z.number().int(), maskedNumber: z.string(), alias: z.string() }),
    ),
    minValidityDays: z.number().int(),
  })
  .openapi('CardGroupCardOptions')

const Done = z.object({ id: z.number().int() })
const cardRules = [GroupRules.groupNotFound, GroupRules.cardNotInGroup]

/** Shared card groups (cards-share-group, create-share-card-group, cards-share-cards). */
export function registerCardGroups(app: AdminApp) {
  const g = cardGroups
  const service = registerResource(
    app,
    definition,
    {
      table: g,
      id: g.id,
      fields: {
        id: g.id,
        name: g.name,
        merchantId: g.merchantId,
        merchantName: merchants.name,
        ruleId: g.ruleId,
        ruleName: cardGroupRules.name,
        currency: g.currency,
        floatingRatioBps: cardGroupRules.floatingRatioBps,
        warningThresholdBps: cardGroupRules.warningThresholdBps,
        maxCards: cardGroupRules.maxCards,
        deposit: g.deposit,
        credits: ledgerAccounts.creditsPosted,
        debits: ledgerAccounts.debitsPosted,
        held: ledgerAccounts.debitsPending,
        allocated: allocatedOf,
        cardCount: cardCountOf,
        createdAt: g.createdAt,
      },
      join: (q) =>
        q
          .innerJoin(merchants, eq(merchants.id, g.merchantId))
          .innerJoin(cardGroupRules, eq(cardGroupRules.id, g.ruleId))
          .leftJoin(ledgerAccounts, poolJoin),
      joinsForDisplayOnly: true,
      columns: {
        createdAt: g.createdAt,
        name: g.name,
        merchantId: g.merchantId,
        currency: g.currency,
      },
      toRow: (r) => {
        const posted = (r.credits ?? 0) - (r.debits ?? 0)
        const held = r.held ?? 0
        const available = posted - held
        return {
          id: r.id,
          name: r.name,
          merchantId: r.merchantId,
          merchantName: r.merchantName,
          ruleId: r.ruleId,
          ruleName: r.ruleName,
          currency: r.currency,
          floatingRatio: fromBps(r.floatingRatioBps),
          warningThreshold: fromBps(r.warningThresholdBps),
          maxCards: r.maxCards,
          deposit: r.deposit,
          allocated: r.allocated,
          spent: r.deposit - posted,
          held,
          available,
          cardCount: r.cardCount,
          belowThreshold: belowThreshold(available, r.deposit, r.warningThresholdBps),
          createdAt: iso(r.createdAt),
        }
      },
      scope: groupScope,
      audit: 'card-group',
      rules: { notFound: GroupRules.groupNotFound },
    },
    ['list', 'detail', 'export'],
  )

  app.openapi(
    action({
      path: '/card-group/options',
      tag: TAG,
      summary:
        "What the create form offers a merchant: the rules visible to it and its balances' available amounts",
      permission: button('cards-share-group:add'),
      body: z.object({ merchantId: z.number().int().positive().max(2_147_483_647) }),
      data: GroupOptions,
      rules: [GroupRules.merchantNotFound],
    }),
    async (c) => {
      const { db } = c.var.deps
      const { merchantId } = c.req.valid('json')
      const merchant = await requireMerchant(
        db,
        await reachOf(db, c.var.actor),
        merchantId,
        () => new BizError(GroupRules.merchantNotFound),
      )
      const candidates = await db
        .select()
        .from(cardGroupRules)
        .where(or(eq(cardGroupRules.merchantId, merchant.id), isNull(cardGroupRules.merchantId)))
        .orderBy(asc(cardGroupRules.name), asc(cardGroupRules.id))
      const rules = []
      for (const r of candidates) {
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
      const accounts = await db
        .select({ currency: ledgerAccounts.currency })
        .from(ledgerAccounts)
        .where(
          and(
            eq(ledgerAccounts.type, 'merchant_balance'),
            eq(ledgerAccounts.ownerType, 'merchant'),
            eq(ledgerAccounts.ownerId, merchant.id),
          ),
        )
        .orderBy(asc(ledgerAccounts.currency))
      const balances = []
      for (const a of accounts) {
        balances.push({
          currency: a.currency,
          available: await merchantAvailable(db, merchant.id, a.currency),
        })
      }
      return ok(c, { rules, balances })
    },
  )

  app.openapi(
    action({
      path: '/card-group/create',
      tag: TAG,
      summary:
        "Create a shared card group from a visible rule; its deposit moves from the merchant's " +
        'balance into the group pool. A repeated requestId answers the first group.',
      permission: button('cards-share-group:add'),
      body: groupCreateRequest.openapi('CardGroupCreateRequest'),
      data: z.object(definition.row.shape),
      rules: [
        GroupRules.merchantNotFound,
        GroupRules.ruleNotVisible,
        GroupRules.insufficientAccountBalance,
        GroupRules.requestIdReused,
      ],
    }),
    async (c) => {
      const ctx = serviceContext(c)
      const made = await createGroup({ ...ctx, actor: c.var.actor }, c.req.valid('json'))
      if (made.crossed) await sendGroupWarning(c.var.deps, made.id)
      return ok(c, await service.detail(ctx, made.id))
    },
  )

  for (const kind of ['top-up', 'withdraw'] as const) {
    app.openapi(
      action({
        path: `/card-group/${kind}`,
        tag: TAG,
        summary:
          kind === 'top-up'
            ? "Move money from the merchant's balance into the group pool (once per requestId)"
            : "Move money from the group pool back to the merchant's balance (once per requestId)",
        permission: button(`cards-share-group:${kind}`),
        body: groupMoneyRequest.openapi(kind === 'top-up' ? 'CardGroupTopUp' : 'CardGroupWithdraw'),
        data: z.object(definition.row.shape),
        rules: [
          GroupRules.groupNotFound,
          kind === 'top-up'
            ? GroupRules.insufficientAccountBalance
            : GroupRules.insufficientGroupBalance,
          GroupRules.limitAboveDeposit,
          GroupRules.allocationExceeded,
        ],
      }),
      async (c) => {
        const ctx = serviceContext(c)
        const input = c.req.valid('json')
        const { crossed } = await moveGroupMoney({ ...ctx, actor: c.var.actor }, kind, input)
        if (crossed) await sendGroupWarning(c.var.deps, input.id)
        return ok(c, await service.detail(ctx, input.id))
      },
    )
  }

  app.openapi(
    action({
      path: '/card-group/cards',
      tag: TAG,
      summary: "A group's cards: each card's limit, what it used from the pool and what remains",
      permission: menu('cards-share-group'),
      body: IdRequest,
      data: z.array(GroupCard),
      rules: [GroupRules.groupNotFound],
    }),
    async (c) => {
      const { db } = c.var.deps
      const { id } = c.req.valid('json')
      await groupInReach(db, await reachOf(db, c.var.actor), id, false)
      const rows = await db
        .select({ member: cardGroupCards, card: cards })
        .from(cardGroupCards)
        .innerJoin(cards, eq(cards.id, cardGroupCards.cardId))
        .where(eq(cardGroupCards.groupId, id))
        .orderBy(asc(cardGroupCards.id))
      const used = await usedInGroup(db, id)
      return ok(
        c,
        rows.map(({ member, card }) => {
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
        }),
      )
    },
  )

  app.openapi(
    action({
      path: '/card-group/cards/options',
      tag: TAG,
      summary:
        "What the group's add-card forms offer: shared-mode BINs of the group's currency, the " +
        "merchant's cardholders and its active shared-mode cards outside any group",
      permission: button('cards-share-group:cards'),
      body: IdRequest,
      data: CardOptions,
      rules: [GroupRules.groupNotFound],
    }),
    async (c) => {
      const { db } = c.var.deps
      const { group } = await groupInReach(
        db,
        await reachOf(db, c.var.actor),
        c.req.valid('json').id,
        false,
      )
      const [merchant] = await db.select().from(merchants).where(eq(merchants.id, group.merchantId))
      const bins = await db
        .selectDistinct({ id: cardBins.id, bin: cardBins.bin, scheme: cardBins.scheme })
        .from(cardBins)
        .innerJoin(cardBinAssignments, eq(cardBinAssignments.cardBinId, cardBins.id))
        .where(
          and(
            eq(cardBins.active, true),
            eq(cardBins.cardMode, 'shared'),
            eq(cardBins.currency, group.currency),
            or(
              eq(cardBinAssignments.merchantId, merchant.id),
              eq(cardBinAssignments.companyId, merchant.companyId),
            ),
          ),
        )
        .orderBy(asc(cardBins.bin))
      const holders = await db
        .select()
        .from(cardholders)
        .where(eq(cardholders.merchantId, merchant.id))
        .orderBy(asc(cardholders.lastName), asc(cardholders.id))
      const movable = await db
        .select()
        .from(cards)
        .where(
          and(
            eq(cards.merchantId, merchant.id),
            eq(cards.status, 'active'),
            eq(cards.cardMode, 'shared'),
            eq(cards.currency, group.currency),
            notExists(
              db
                .select({ one: sql`1` })
                .from(cardGroupCards)
                .where(eq(cardGroupCards.cardId, cards.id)),
            ),
          ),
        )
        .orderBy(asc(cards.id))
        .limit(200)
      return ok(c, {
        bins,
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
      })
    },
  )

  app.openapi(
    action({
      path: '/card-group/cards/add',
      tag: TAG,
      summary:
        'Issue cards into the group on a shared-mode BIN, each with the same limit (no top-up of ' +
        'their own: they spend from the pool). A repeated requestId answers the first cards.',
      permission: button('cards-share-group:cards'),
      body: groupAddCardsRequest.openapi('CardGroupAddCardsRequest'),
      data: z.object({ cardIds: z.array(z.number().int()) }),
      rules: [
        GroupRules.groupNotFound,
        GroupRules.binNotShared,
        GroupRules.maxCards,
        GroupRules.limitAboveDeposit,
        GroupRules.allocationExceeded,
        CardRules.binNotAssigned,
        CardRules.cardholderNotFound,
        CardRules.unknownUsageType,
        CardRules.validityTooShort,
        CardRules.requestIdReused,
        CardRules.channelUnavailable,
      ],
    }),
    async (c) => {
      const ctx = serviceContext(c)
      const input = c.req.valid('json')
      const { group } = await groupInReach(
        ctx.db,
        await reachOf(ctx.db, c.var.actor),
        input.groupId,
        false,
      )
      const { groupId, cardLimit, ...rest } = input
      const cardIds = await createCards(
        c.var.deps,
        { ...ctx, actor: c.var.actor },
        { ...rest, merchantId: group.merchantId, initialAmount: 0 },
        {
          currency: group.currency,
          wrongBin: () =>
            fieldRefusal(
              ctx,
              GroupRules.binNotShared,
              'cardBinId',
              'refusals:cardGroup.binNotShared',
            ),
          join: (tx, ids) => joinNewCards(tx, ctx, groupId, ids, cardLimit),
        },
      )
      return ok(c, { cardIds })
    },
  )

  app.openapi(
    action({
      path: '/card-group/cards/move',
      tag: TAG,
      summary:
        "Move an active shared-mode card of the group's merchant and currency into the group; " +
        'its own balance goes to the pool',
      permission: button('cards-share-group:cards'),
      body: groupMoveCardRequest.openapi('CardGroupMoveCardRequest'),
      data: Done,
      rules: [
        GroupRules.groupNotFound,
        GroupRules.cardNotMovable,
        GroupRules.pendingTransactions,
        GroupRules.maxCards,
        GroupRules.limitAboveDeposit,
        GroupRules.allocationExceeded,
      ],
    }),
    async (c) => {
      const ctx = serviceContext(c)
      const input = c.req.valid('json')
      const { crossed } = await moveCardIn({ ...ctx, actor: c.var.actor }, input)
      if (crossed) await sendGroupWarning(c.var.deps, input.groupId)
      return ok(c, { id: input.groupId })
    },
  )

  app.openapi(
    action({
      path: '/card-group/cards/limit',
      tag: TAG,
      summary:
        "Set the limit of some of the group's cards (within the rule; never below what a card spent)",
      permission: button('cards-share-group:cards'),
      body: groupCardLimitRequest.openapi('CardGroupCardLimitRequest'),
      data: Done,
      rules: [
        ...cardRules,
        GroupRules.limitBelowUsed,
        GroupRules.limitAboveDeposit,
        GroupRules.allocationExceeded,
      ],
    }),
    async (c) => {
      const input = c.req.valid('json')
      await setCardLimits({ ...serviceContext(c), actor: c.var.actor }, input)
      return ok(c, { id: input.groupId })
    },
  )

  app.openapi(
    action({
      path: '/card-group/cards/remove',
      tag: TAG,
      summary: 'Take cards out of the group: their unspent limit is free in the pool again',
      permission: button('cards-share-group:cards'),
      body: groupRemoveCardsRequest.openapi('CardGroupRemoveCardsRequest'),
      data: Done,
      rules: [...cardRules, GroupRules.pendingTransactions],
    }),
    async (c) => {
      const input = c.req.valid('json')
      await removeCards({ ...serviceContext(c), actor: c.var.actor }, input)
      return ok(c, { id: input.groupId })
    },
  )
}
