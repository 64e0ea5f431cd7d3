import type { Context } from 'hono'
import { z } from '@hono/zod-openapi'
import { eq } from 'drizzle-orm'
import { cardGroups as definition, fromBps } from '../../../src/resources/cardGroups'
import {
  groupAddCards,
  groupCardLimit,
  groupCreate,
  groupMoveCard,
  groupRemoveCards,
  groupTopUp,
  groupWithdraw,
} from '../../../src/resources/cardGroupOps'
import { button, menu } from '../../auth/permissions'
import { cardGroupRules, cardGroups, ledgerAccounts, merchants } from '../../db/schema'
import { action } from '../../http/action'
import type { AdminApp, AppEnv } from '../../http/context'
import { mountAction } from '../../http/mountAction'
import { IdRequest, iso } from '../../http/wire'
import { ok } from '../../http/respond'
import { serviceContext, type ServiceContext } from '../../resources/context'
import { registerResource } from '../../resources/routes'
import { CardRules } from '../cards/rules'
import { sendGroupWarning } from './mail'
import { belowThreshold } from './pool'
import { GroupRules } from './rules'
import { CardOptions, GroupCard, GroupOptions } from './schemas'
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
/** A mounted action's context: its permission check (`authorize`) has set the actor. */
const asActor = (ctx: ServiceContext) => ({ ...ctx, actor: ctx.actor! })

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

  mountAction(app, groupCreate, {
    tag: TAG,
    rules: [
      GroupRules.merchantNotFound,
      GroupRules.ruleNotVisible,
      GroupRules.insufficientAccountBalance,
      GroupRules.requestIdReused,
    ],
    run: async (ctx, input, deps) => {
      const made = await createGroup(asActor(ctx), input)
      if (made.crossed) await sendGroupWarning(deps, made.id)
      return service.detail(ctx, made.id)
    },
  })

  for (const [def, kind] of [
    [groupTopUp, 'top-up'],
    [groupWithdraw, 'withdraw'],
  ] as const) {
    mountAction(app, def, {
      tag: TAG,
      rules: [
        GroupRules.groupNotFound,
        kind === 'top-up'
          ? GroupRules.insufficientAccountBalance
          : GroupRules.insufficientGroupBalance,
        GroupRules.limitAboveDeposit,
        GroupRules.allocationExceeded,
      ],
      run: async (ctx, input, deps) => {
        const { crossed } = await moveGroupMoney(asActor(ctx), kind, input)
        if (crossed) await sendGroupWarning(deps, input.id)
        return service.detail(ctx, input.id)
      },
    })
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

  mountAction(app, groupAddCards, {
    tag: TAG,
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
    run: async (ctx, input, deps) => ({ cardIds: await addCards(asActor(ctx), deps, input) }),
  })

  mountAction(app, groupMoveCard, {
    tag: TAG,
    rules: [
      GroupRules.groupNotFound,
      GroupRules.cardNotMovable,
      GroupRules.pendingTransactions,
      GroupRules.maxCards,
      GroupRules.limitAboveDeposit,
      GroupRules.allocationExceeded,
    ],
    run: async (ctx, input, deps) => {
      const { crossed } = await moveCardIn(asActor(ctx), input)
      if (crossed) await sendGroupWarning(deps, input.groupId)
      return { id: input.groupId }
    },
  })

  mountAction(app, groupCardLimit, {
    tag: TAG,
    rules: [
      ...cardRules,
      GroupRules.limitBelowUsed,
      GroupRules.limitAboveDeposit,
      GroupRules.allocationExceeded,
    ],
    run: async (ctx, input) => {
      await setCardLimits(asActor(ctx), input)
      return { id: input.groupId }
    },
  })

  mountAction(app, groupRemoveCards, {
    tag: TAG,
    rules: [...cardRules, GroupRules.pendingTransactions],
    run: async (ctx, input) => {
      await removeCards(asActor(ctx), input)
      return { id: input.groupId }
    },
  })
}
