import type { Context } from 'hono'
import { z } from '@hono/zod-openapi'
import { eq } from 'drizzle-orm'
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
import { cardGroupRules, cardGroups, ledgerAccounts, merchants } from '../../db/schema'
import { action } from '../../http/action'
import type { AdminApp, AppEnv } from '../../http/context'
import { IdRequest, iso } from '../../http/wire'
import { ok } from '../../http/respond'
import { serviceContext } from '../../resources/context'
import { registerResource } from '../../resources/routes'
import { CardRules } from '../cards/rules'
import { sendGroupWarning } from './mail'
import { belowThreshold } from './pool'
import { GroupRules } from './rules'
import { CardOptions, Done, GroupCard, GroupOptions } from './schemas'
import {
  addCards,
  cardFormOptions,
  createGroup,
  groupCards,
  groupFormOptions,
  moveCardIn,
  moveGroupMoney,
  removeCards,
  setCardLimits,
} from './service'
import { allocatedOf, cardCountOf, groupScope, poolJoin } from './queries'

const TAG = 'card-group'
const cardRules = [GroupRules.groupNotFound, GroupRules.cardNotInGroup]

/** The calls' plain context, with the actor `authorize` set. */
const acting = (c: Context<AppEnv>) => ({ ...serviceContext(c), actor: c.var.actor })

/** Shared card groups (cards-share-group, create-share-card-group, cards-share-cards). */
export function registerCardGroups(app: AdminApp) {
  const service = registerGroupResource(app)
  registerGroupMoney(app, service)
  registerGroupCards(app)
}

type GroupService = ReturnType<typeof registerGroupResource>

/** The group list, detail and export (the kit's resource routes). */
function registerGroupResource(app: AdminApp) {
  const g = cardGroups
  return registerResource(
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
}

/** Creating a group and moving money between the merchant's balance and the pool. */
function registerGroupMoney(app: AdminApp, service: GroupService) {
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
    async (c) => ok(c, await groupFormOptions(acting(c), c.req.valid('json').merchantId)),
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
      const ctx = acting(c)
      const made = await createGroup(ctx, c.req.valid('json'))
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
        const ctx = acting(c)
        const input = c.req.valid('json')
        const { crossed } = await moveGroupMoney(ctx, kind, input)
        if (crossed) await sendGroupWarning(c.var.deps, input.id)
        return ok(c, await service.detail(ctx, input.id))
      },
    )
  }
}

/** A group's cards: listing them, issuing new ones, moving one in, limits and removal. */
function registerGroupCards(app: AdminApp) {
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
    async (c) => ok(c, await groupCards(acting(c), c.req.valid('json').id)),
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
    async (c) => ok(c, await cardFormOptions(acting(c), c.req.valid('json').id)),
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
    async (c) => ok(c, { cardIds: await addCards(acting(c), c.var.deps, c.req.valid('json')) }),
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
      const input = c.req.valid('json')
      const { crossed } = await moveCardIn(acting(c), input)
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
      await setCardLimits(acting(c), input)
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
      await removeCards(acting(c), input)
      return ok(c, { id: input.groupId })
    },
  )
}
