import { z } from '@hono/zod-openapi'
import { and, asc, eq } from 'drizzle-orm'
import { button } from '../../auth/permissions'
import { merchantColumns, merchantScope, reachOf } from '../../auth/scope'
import { audit } from '../../audit'
import { ledgerAccounts, merchants } from '../../db/schema'
import { action } from '../../http/action'
import type { AdminApp } from '../../http/context'
import { ok } from '../../http/respond'
import { availableBalance, postedBalance } from '../../ledger/postings'
import { LedgerRules } from '../../ledger/rules'
import { registerFxRates } from './fxRates.routes'
import { TransferRules } from './rules'
import { QuoteAnswer, QuoteRequest, TransferBalance } from './schemas'
import { quote } from './service'

const TRANSFER = button('accounts-transfer:transfer')

/** FX rates, quotes and the balances a transfer may use (the transfer itself: ledger/routes). */
export function registerTransfers(app: AdminApp) {
  registerFxRates(app)

  app.openapi(
    action({
      path: '/accounts/transfer/balances',
      tag: 'accounts',
      summary: 'The merchant balances the caller may transfer between, with balance and available',
      permission: TRANSFER,
      body: z.object({}).strict(),
      data: z.array(TransferBalance),
    }),
    async (c) => {
      const { db } = c.var.deps
      const reach = await reachOf(db, c.var.actor)
      const rows = await db
        .select({ account: ledgerAccounts, merchant: merchants })
        .from(ledgerAccounts)
        .innerJoin(merchants, eq(ledgerAccounts.ownerId, merchants.id))
        .where(
          and(
            eq(ledgerAccounts.type, 'merchant_balance'),
            eq(ledgerAccounts.ownerType, 'merchant'),
            merchantScope(reach, merchantColumns),
          ),
        )
        .orderBy(asc(merchants.name), asc(ledgerAccounts.currency))
      return ok(
        c,
        rows.map(({ account, merchant }) => ({
          accountId: account.id,
          merchantId: merchant.id,
          merchantName: merchant.name,
          currency: account.currency,
          balance: postedBalance(account),
          available: availableBalance(account),
        })),
      )
    },
  )

  app.openapi(
    action({
      path: '/accounts/fx/quote',
      tag: 'accounts',
      summary:
        'An exchange quote between two balances in reach: rate and both amounts, held 60 s ' +
        'for one transfer by the caller',
      permission: TRANSFER,
      body: QuoteRequest,
      data: QuoteAnswer,
      rules: [
        LedgerRules.accountNotFound,
        LedgerRules.sameAccount,
        TransferRules.outOfReach,
        TransferRules.noRate,
        TransferRules.quoteMismatch,
      ],
    }),
    async (c) => {
      const { actor, deps } = c.var
      const answer = await quote(
        { db: deps.db, clock: deps.clock, actorUserId: actor.userId, actor },
        c.req.valid('json'),
      )
      await audit(c, {
        action: 'fx.quote',
        target: `quote:${answer.quoteId}`,
        detail: { ...answer },
      })
      return ok(c, answer)
    },
  )
}
