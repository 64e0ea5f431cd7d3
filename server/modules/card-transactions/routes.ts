import { z } from '@hono/zod-openapi'
import { eq, getTableColumns, sql } from 'drizzle-orm'
import { cardTransactions as definition } from '../../../src/resources/cardTransactions'
import { isCurrency } from '../../../src/lib/money'
import { button } from '../../auth/permissions'
import { merchantIdScope, type Reach } from '../../auth/scope'
import { cards, cardTransactions, merchants } from '../../db/schema'
import { action } from '../../http/action'
import type { AdminApp } from '../../http/context'
import { BizError, CommonRules } from '../../http/errors'
import { iso } from '../../http/wire'
import { ok } from '../../http/respond'
import { serviceContext } from '../../resources/context'
import { registerResource } from '../../resources/routes'
import { registerCardTransactionHandlers } from './handlers'
import { CardTxnRules } from './rules'
import { simulateAuthorization, simulateFollowUp, simulateRefund } from './simulate'

const tag = 'card-transactions'
const maskedCard = sql<string>`(select ${cards.first6} || '******' || ${cards.last4} from ${cards} where ${cards.id} = ${cardTransactions.cardId})`

/** The caller's rows, from the table's own merchant column (so the count needs no join). */
const scope = (reach: Reach) => merchantIdScope(reach, cardTransactions.merchantId)

function registerList(app: AdminApp) {
  registerResource(
    app,
    definition,
    {
      table: cardTransactions,
      id: cardTransactions.id,
      fields: {
        ...getTableColumns(cardTransactions),
        ownerName: merchants.name,
        cardMasked: maskedCard,
      },
      join: (q) => q.leftJoin(merchants, eq(merchants.id, cardTransactions.merchantId)),
      joinsForDisplayOnly: true,
      columns: {
        occurredAt: cardTransactions.occurredAt,
        cardAmount: cardTransactions.cardAmount,
        merchant: cardTransactions.merchantId,
        status: cardTransactions.status,
        type: cardTransactions.type,
        currency: cardTransactions.cardCurrency,
        // Checked to be digits first (beforeList), so the comparison uses the card's index.
        card: cardTransactions.cardId,
        last4: cards.last4 as never,
      },
      // The cards with those last four digits first (few), then their transactions through
      // the card index: not a lookup of the card for every transaction in range.
      filterConditions: {
        last4: (value) =>
          sql`${cardTransactions.cardId} in (select ${cards.id} from ${cards} where ${cards.last4} = ${String(value)})`,
      },
      toRow: ({ ownerName, cardMasked, ...r }) => ({
        id: r.id,
        occurredAt: iso(r.occurredAt),
        merchantAmount: r.merchantAmount,
        merchantCurrency: r.merchantCurrency,
        exchangeRate: r.exchangeRate,
        cardAmount: r.cardAmount,
        cardCurrency: r.cardCurrency,
        clearedAmount: r.clearedAmount,
        refundedAmount: r.refundedAmount,
        partlyCleared:
          r.type === 'purchase' && r.status === 'success' && r.clearedAmount < r.cardAmount,
        authCode: r.authCode,
        type: r.type,
        status: r.status,
        result: r.result,
        region: r.region,
        merchantName: r.merchantName,
        description: r.description,
        cardId: r.cardId,
        cardMasked: cardMasked ?? '',
        merchantId: r.merchantId,
        ownerName: ownerName ?? '',
        txnRef: r.txnRef,
      }),
      scope,
      audit: 'card-transaction',
      rules: { notFound: CardTxnRules.notFound },
      hooks: {
        async beforeList(ctx, body) {
          const card = (body.filters as { card?: string } | undefined)?.card
          if (card && !/^[0-9]{1,9}$/.test(card)) {
            throw new BizError(
              CommonRules.invalidInput,
              {},
              { fieldErrors: [{ field: 'filters.card', message: ctx.t('validation:format') }] },
            )
          }
        },
      },
    },
    ['list', 'detail', 'export'],
  )
}

const minor = z.number().int().positive().max(1_000_000_000_000)
const AuthorizationBody = z
  .object({
    cardId: z.number().int().positive(),
    amount: minor,
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/)
      .refine(isCurrency),
    merchantName: z.string().trim().min(1).max(200),
    region: z.string().regex(/^[A-Z]{2}$/),
    description: z.string().max(500).optional(),
  })
  .openapi('CardSimulateAuthorization')
const FollowUpBody = z
  .object({ transactionId: z.number().int().positive(), amount: minor.optional() })
  .openapi('CardSimulateFollowUp')
const SimulatedAnswer = z
  .object({
    outcome: z.enum(['accepted', 'approved', 'declined', 'ignored']),
    reason: z.string().optional(),
    authCode: z.string().optional(),
    transactionId: z.number().int().nullable(),
  })
  .openapi('CardSimulateAnswer')

/**
 * Sandbox simulation: builds the card network's event for a sandbox card and sends it, signed,
 * through the channel webhook (never into the handler directly); answers the decision.
 */
function registerSimulate(app: AdminApp) {
  const permission = button('cards-transactions:simulate')
  const common = [CardTxnRules.deliveryFailed]
  app.openapi(
    action({
      path: '/cards/simulate/authorization',
      tag,
      summary:
        'Sandbox: a merchant asks to be paid by a sandbox card (amount in the merchant currency); ' +
        'answers the decision (approved with its code, or declined with its reason)',
      permission,
      body: AuthorizationBody,
      data: SimulatedAnswer,
      rules: [...common, CardTxnRules.cardNotFound, CardTxnRules.notSandbox, CardTxnRules.noRate],
    }),
    async (c) =>
      ok(c, await simulateAuthorization(c.var.deps, serviceContext(c), c.req.valid('json'))),
  )
  for (const kind of ['clearing', 'reversal', 'expiry'] as const) {
    app.openapi(
      action({
        path: `/cards/simulate/${kind}`,
        tag,
        summary:
          kind === 'clearing'
            ? 'Sandbox: clear a pending authorisation, fully or `amount` of it (the rest released)'
            : `Sandbox: ${kind === 'reversal' ? 'reverse' : 'expire'} a pending authorisation (its hold released)`,
        permission,
        body: FollowUpBody,
        data: SimulatedAnswer,
        rules: [
          ...common,
          CardTxnRules.notFound,
          CardTxnRules.notSandbox,
          CardTxnRules.notPending,
          ...(kind === 'clearing' ? [CardTxnRules.clearingAboveAuthorised] : []),
        ],
      }),
      async (c) =>
        ok(c, await simulateFollowUp(c.var.deps, serviceContext(c), kind, c.req.valid('json'))),
    )
  }
  app.openapi(
    action({
      path: '/cards/simulate/refund',
      tag,
      summary: 'Sandbox: refund a cleared purchase to its card, all of what is left or `amount`',
      permission,
      body: FollowUpBody,
      data: SimulatedAnswer,
      rules: [
        ...common,
        CardTxnRules.notFound,
        CardTxnRules.notSandbox,
        CardTxnRules.refundNotAllowed,
      ],
    }),
    async (c) => ok(c, await simulateRefund(c.var.deps, serviceContext(c), c.req.valid('json'))),
  )
}

/** cards-transactions: the list, its export, the sandbox simulation and the event handlers. */
export function registerCardTransactions(app: AdminApp) {
  registerCardTransactionHandlers()
  registerList(app)
  registerSimulate(app)
}
