import { z } from '@hono/zod-openapi'
import { and, asc, desc, eq, or, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { maskedCardNumber } from '../../../src/lib/cardNumber'
import { cardCreateRequest, cards as definition } from '../../../src/resources/cards'
import type { CardStatus } from '../../../src/machines/card'
import { button, menu } from '../../auth/permissions'
import { merchantScope, reachOf, requireMerchant } from '../../auth/scope'
import {
  cardBinAssignments,
  cardBins,
  cardholders,
  cardRequests,
  cards,
  cardStatusHistory,
  ledgerAccounts,
  ledgerPostings,
  merchants,
  users,
} from '../../db/schema'
import type { Db } from '../../db/client'
import { action } from '../../http/action'
import type { AdminApp } from '../../http/context'
import { BizError } from '../../http/errors'
import { IdRequest, iso } from '../../http/list'
import { ok } from '../../http/respond'
import { serviceContext } from '../../resources/context'
import { registerResource } from '../../resources/routes'
import { merchantBalance } from './accounts'
import { createCards } from './create'
import { creationBounds } from './params'
import { CardRules } from './rules'
import { limitStatus } from '../card-transactions/limits'
import { usageOf } from '../card-transactions/usage'
import { isExpiredCard } from '../../../src/lib/cardExpiry'
import { statusFilter } from './expired'

const tag = 'card'
const cardAccount = alias(ledgerAccounts, 'card_account')

/** cards-balance: the list, one card's detail and the export (masked), plus issuing. */
export function registerCards(app: AdminApp) {
  const service = registerResource(
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
      const ctx = serviceContext(c)
      const ids = await createCards(c.var.deps, { ...ctx, actor: c.var.actor }, c.req.valid('json'))
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
    async (c) => {
      const { db } = c.var.deps
      const { merchantId } = c.req.valid('json')
      const merchant = await requireMerchant(
        db,
        await reachOf(db, c.var.actor),
        merchantId,
        () => new BizError(CardRules.merchantNotFound),
      )
      const bins = await db
        .selectDistinct({
          id: cardBins.id,
          bin: cardBins.bin,
          scheme: cardBins.scheme,
          currency: cardBins.currency,
          cardMode: cardBins.cardMode,
        })
        .from(cardBins)
        .innerJoin(cardBinAssignments, eq(cardBinAssignments.cardBinId, cardBins.id))
        .where(
          and(
            eq(cardBins.active, true),
            or(
              eq(cardBinAssignments.merchantId, merchant.id),
              eq(cardBinAssignments.companyId, merchant.companyId),
            ),
          ),
        )
        .orderBy(asc(cardBins.bin))
      const holders = await db
        .select({
          id: cardholders.id,
          firstName: cardholders.firstName,
          lastName: cardholders.lastName,
          isDefault: cardholders.isDefault,
        })
        .from(cardholders)
        .where(eq(cardholders.merchantId, merchant.id))
        .orderBy(asc(cardholders.lastName), asc(cardholders.id))
      const balances = []
      for (const currency of [...new Set(bins.map((b) => b.currency))]) {
        const a = await merchantBalance(db, merchant.id, currency)
        balances.push({
          currency,
          available: a ? a.creditsPosted - a.debitsPosted - a.debitsPending : 0,
        })
      }
      return ok(c, {
        bins,
        cardholders: holders.map((h) => ({
          id: h.id,
          name: `${h.firstName} ${h.lastName}`,
          isDefault: h.isDefault,
        })),
        balances,
        ...(await creationBounds(db)),
      })
    },
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
      const rows = await ctx.db
        .select({
          id: cardStatusHistory.id,
          fromStatus: cardStatusHistory.fromStatus,
          toStatus: cardStatusHistory.toStatus,
          event: cardStatusHistory.event,
          reasonCode: cardStatusHistory.reasonCode,
          note: cardStatusHistory.note,
          actorUserId: cardStatusHistory.actorUserId,
          actorName: users.nickName,
          createdAt: cardStatusHistory.createdAt,
        })
        .from(cardStatusHistory)
        .leftJoin(users, eq(users.id, cardStatusHistory.actorUserId))
        .where(eq(cardStatusHistory.cardId, id))
        .orderBy(asc(cardStatusHistory.id))
      const returned = await cancellationReturn(ctx.db, id)
      return ok(
        c,
        rows.map((r) => ({
          ...r,
          actorName: r.actorName ?? null,
          createdAt: iso(r.createdAt),
          returned: r.event === 'APPROVE_CANCEL' ? returned : null,
        })),
      )
    },
  )
}

/**
 * What an approved cancellation gave back to the merchant's balance: the credit of the ledger
 * entry the approval posted (`card_cancel_return`), or nothing in the card's currency when the
 * card was empty (no entry). Null when no cancellation of the card was approved.
 */
async function cancellationReturn(db: Db, cardId: number) {
  const [request] = await db
    .select({ currency: cardRequests.currency, entryId: cardRequests.entryId })
    .from(cardRequests)
    .where(
      and(
        eq(cardRequests.cardId, cardId),
        eq(cardRequests.kind, 'cancel'),
        eq(cardRequests.status, 'approved'),
      ),
    )
    .orderBy(desc(cardRequests.id))
    .limit(1)
  if (!request) return null
  if (request.entryId === null) return { amount: 0, currency: request.currency }
  // The entry moves the card's rest to the merchant: its one credit is what the merchant got.
  const [credit] = await db
    .select({ amount: ledgerPostings.amount, currency: ledgerPostings.currency })
    .from(ledgerPostings)
    .where(and(eq(ledgerPostings.entryId, request.entryId), sql`${ledgerPostings.amount} > 0`))
    .orderBy(asc(ledgerPostings.id))
    .limit(1)
  return credit ?? { amount: 0, currency: request.currency }
}

const LimitLine = z
  .object({
    limit: z.number().int().nullable(),
    used: z.number().int().nullable(),
    remaining: z.number().int().nullable(),
  })
  .openapi('CardLimitLine')
const CardLimitStatus = z
  .object({
    perTransaction: LimitLine,
    daily: LimitLine,
    monthly: LimitLine,
    lifetime: LimitLine,
    /** The moment the day and month are those of (UTC). */
    at: z.string(),
  })
  .openapi('CardLimitStatus')

const CreateOptions = z
  .object({
    bins: z.array(
      z.object({
        id: z.number().int(),
        bin: z.string(),
        scheme: z.string(),
        currency: z.string(),
        cardMode: z.string(),
      }),
    ),
    cardholders: z.array(
      z.object({ id: z.number().int(), name: z.string(), isDefault: z.boolean() }),
    ),
    balances: z.array(z.object({ currency: z.string(), available: z.number().int() })),
    minValidityDays: z.number().int(),
    minTopUp: z.number().int(),
  })
  .openapi('CardCreateOptions')

const StatusChange = z
  .object({
    id: z.number().int(),
    fromStatus: z.string().nullable(),
    toStatus: z.string(),
    event: z.string(),
    reasonCode: z.string(),
    note: z.string(),
    actorUserId: z.number().int().nullable(),
    actorName: z.string().nullable(),
    createdAt: z.string(),
    /**
     * On an approved cancellation (event APPROVE_CANCEL): what went back to the merchant's
     * balance, from the ledger entry (minor units; 0 when the card was empty). Else null.
     */
    returned: z.object({ amount: z.number().int(), currency: z.string() }).nullable(),
  })
  .openapi('CardStatusChange')
