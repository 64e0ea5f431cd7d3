import { z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { and, eq, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { maskedCardNumber } from '../../../src/lib/cardNumber'
import { cardCreateRequest, cards as definition } from '../../../src/resources/cards'
import type { CardStatus } from '../../../src/machines/card'
import { button, menu } from '../../auth/permissions'
import { merchantScope } from '../../auth/scope'
import { cardBins, cardholders, cards, ledgerAccounts, merchants } from '../../db/schema'
import { action } from '../../http/action'
import type { AdminApp, AppEnv } from '../../http/context'
import { IdRequest, iso } from '../../http/wire'
import { ok } from '../../http/respond'
import { serviceContext } from '../../resources/context'
import { registerResource } from '../../resources/routes'
import { subscribe } from '../../channels/handlers'
import { createCards } from './create'
import { handleCardCreation } from './creationEvent'
import { CardRules } from './rules'
import { CardLimitStatus, CreateOptions, StatusChange } from './schemas'
import { cardHistory, createOptions } from './service'
import { limitStatus } from '../card-transactions/limits'
import { usageOf } from '../card-transactions/usage'
import { isExpiredCard } from '../../../src/lib/cardExpiry'
import { statusFilter } from './expired'

const tag = 'card'
const cardAccount = alias(ledgerAccounts, 'card_account')

/** The calls' plain context, with the actor `authorize` set. */
const acting = (c: Context<AppEnv>) => ({ ...serviceContext(c), actor: c.var.actor })

/** cards-balance: the list, one card's detail and the export (masked), plus issuing. */
export function registerCards(app: AdminApp) {
  // The channel's answer to a card creation (server/channels/handlers.ts imports no module).
  subscribe('card.creation', handleCardCreation)
  registerCardCalls(app, registerCardResource(app))
}

type CardService = ReturnType<typeof registerCardResource>

/** The card list, one card's detail and the export (the kit's resource routes). */
function registerCardResource(app: AdminApp) {
  return registerResource(
    app,
    definition,
    {
      table: cards,
      id: cards.id,
      fields: {
        id: cards.id,
        merchantId: cards.merchantId,
        merchantName: merchants.name,
        cardBinId: cards.cardBinId,
        bin: cardBins.bin,
        scheme: cardBins.scheme,
        cardholderId: cards.cardholderId,
        firstName: cardholders.firstName,
        lastName: cardholders.lastName,
        first6: cards.first6,
        last4: cards.last4,
        alias: cards.alias,
        usageType: cards.usageType,
        currency: cards.currency,
        cardMode: cards.cardMode,
        region: cards.region,
        status: cards.status,
        expiry: cards.expiry,
        initialAmount: cards.initialAmount,
        creditsPosted: sql<number>`coalesce(${cardAccount.creditsPosted}, 0)`.mapWith(Number),
        debitsPosted: sql<number>`coalesce(${cardAccount.debitsPosted}, 0)`.mapWith(Number),
        debitsPending: sql<number>`coalesce(${cardAccount.debitsPending}, 0)`.mapWith(Number),
        limitPerTransaction: cards.limitPerTransaction,
        limitDaily: cards.limitDaily,
        limitMonthly: cards.limitMonthly,
        limitLifetime: cards.limitLifetime,
        pendingTransactions: cards.pendingTransactions,
        billingCountry: cardholders.country,
        billingState: cardholders.state,
        billingCity: cardholders.city,
        billingAddress: cardholders.address,
        billingPostalCode: cardholders.postalCode,
        createdAt: cards.createdAt,
        updatedAt: cards.updatedAt,
      },
      join: (q) =>
        q
          .innerJoin(merchants, eq(merchants.id, cards.merchantId))
          .innerJoin(cardBins, eq(cardBins.id, cards.cardBinId))
          .innerJoin(cardholders, eq(cardholders.id, cards.cardholderId))
          .leftJoin(
            cardAccount,
            and(
              eq(cardAccount.type, 'card'),
              eq(cardAccount.ownerType, 'card'),
              eq(cardAccount.ownerId, cards.id),
              eq(cardAccount.currency, cards.currency),
            ),
          ),
      columns: {
        createdAt: cards.createdAt,
        alias: cards.alias,
        status: cards.status,
        merchantId: cards.merchantId,
        currency: cards.currency,
        bin: cardBins.bin,
        last4: cards.last4,
      },
      // "Expired" is derived from the expiry month (docs/cards.md, "Expired cards").
      filterConditions: { status: (value, ctx) => statusFilter(value, ctx.clock.now()) },
      toRow: (r, ctx) => {
        const posted = r.creditsPosted - r.debitsPosted
        const { firstName, lastName, creditsPosted, debitsPosted, debitsPending, ...rest } = r
        void creditsPosted
        void debitsPosted
        return {
          ...rest,
          status: r.status as CardStatus,
          expired: isExpiredCard(r.status as CardStatus, r.expiry, ctx.clock.now()),
          cardholderName: `${firstName} ${lastName}`,
          maskedNumber: maskedCardNumber(r.first6, r.last4),
          posted,
          pending: debitsPending,
          available: posted - debitsPending,
          createdAt: iso(r.createdAt),
          updatedAt: iso(r.updatedAt),
        }
      },
      // Merchant users: their merchant's cards; company users: their subtree's merchants'.
      scope: (reach) =>
        merchantScope(reach, { merchantId: cards.merchantId, companyId: merchants.companyId }),
      audit: 'card',
      rules: { notFound: CardRules.notFound },
    },
    ['list', 'detail', 'export'],
  )
}

/** Issuing cards, the create form's options, a card's limits and its status history. */
function registerCardCalls(app: AdminApp, service: CardService) {
  app.openapi(
    action({
      path: '/card/create',
      tag,
      summary:
        'Issue 1–100 cards with the same settings; the initial top-ups are held on the ' +
        "merchant's balance while the channel creates them (results arrive as card.creation " +
        'events). A repeated requestId answers the first cards.',
      permission: button('cards-balance:add'),
      body: cardCreateRequest.openapi('CardCreateRequest'),
      data: z.object({ cards: z.array(z.object(definition.row.shape)) }),
      rules: [
        CardRules.merchantNotFound,
        CardRules.binNotAssigned,
        CardRules.cardholderNotFound,
        CardRules.unknownUsageType,
        CardRules.validityTooShort,
        CardRules.topUpTooSmall,
        CardRules.insufficientBalance,
        CardRules.requestIdReused,
        CardRules.channelUnavailable,
      ],
    }),
    async (c) => {
      const ctx = acting(c)
      const ids = await createCards(c.var.deps, ctx, c.req.valid('json'))
      const rows = []
      for (const id of ids) rows.push(await service.detail(ctx, id))
      return ok(c, { cards: rows })
    },
  )

  app.openapi(
    action({
      path: '/card/create/options',
      tag,
      summary:
        "What the create form offers for a merchant: its BINs, its cardholders, its balances' " +
        'available amounts and the configured minimum validity and top-up',
      permission: button('cards-balance:add'),
      body: z.object({ merchantId: z.number().int().positive() }),
      data: CreateOptions,
      rules: [CardRules.merchantNotFound],
    }),
    async (c) => ok(c, await createOptions(acting(c), c.req.valid('json').merchantId)),
  )

  app.openapi(
    action({
      path: '/card/limits',
      tag,
      summary:
        "A card's limits with what is used and what remains today (UTC day and month): the " +
        'same usage an authorisation is decided on (pending and cleared purchases; reversed, ' +
        'expired and declined ones count nothing)',
      permission: menu('cards-balance'),
      body: IdRequest,
      data: CardLimitStatus,
      rules: [CardRules.notFound],
    }),
    async (c) => {
      const ctx = serviceContext(c)
      const { id } = c.req.valid('json')
      const card = await service.detail(ctx, id) // 404 outside the caller's reach
      const at = ctx.clock.now()
      const status = limitStatus(card, await usageOf(ctx.db, id, at))
      return ok(c, { ...status, at: at.toISOString() })
    },
  )

  app.openapi(
    action({
      path: '/card/history',
      tag,
      summary: "A card's status changes, oldest first: who (none: the channel), when, why",
      permission: menu('cards-balance'),
      body: IdRequest,
      data: z.array(StatusChange),
      rules: [CardRules.notFound],
    }),
    async (c) => {
      const ctx = serviceContext(c)
      const { id } = c.req.valid('json')
      await service.detail(ctx, id) // 404 outside the caller's reach
      return ok(c, await cardHistory(ctx, id))
    },
  )
}
