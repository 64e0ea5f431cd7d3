import { z } from '@hono/zod-openapi'
import { PLATFORM_ADMIN } from '../../auth/permissions'
import { audit } from '../../audit'
import { action } from '../../http/action'
import type { AdminApp } from '../../http/context'
import { ok } from '../../http/respond'
import { LedgerRules } from '../../ledger/rules'
import { transfer } from '../../ledger/transfer'
import { verifyLedger } from '../../ledger/verify'
import { TransferRequest, TransferEntry, VerifyReport } from './schemas'

/**
 * The ledger's administrator calls. Both are for platform administrators only for now; the
 * accounts screens will widen the transfer to balances in the caller's reach.
 */
export function registerLedger(app: AdminApp) {
  app.openapi(
    action({
      path: '/accounts/transfer',
      tag: 'ledger',
      summary:
        'Move an amount (minor units) between two accounts of the same currency, once per ' +
        'requestId; answers the entry with both balances after',
      permission: PLATFORM_ADMIN,
      body: TransferRequest,
      data: TransferEntry,
      rules: [
        LedgerRules.insufficientBalance,
        LedgerRules.requestIdReused,
        LedgerRules.accountNotFound,
        LedgerRules.currencyMismatch,
        LedgerRules.sameAccount,
      ],
    }),
    async (c) => {
      const input = c.req.valid('json')
      const ctx = { db: c.var.deps.db, clock: c.var.deps.clock, actorUserId: c.var.actor.userId }
      const entry = await transfer(ctx, input)
      // Every call is audited, retries included (the detail says which entry it answered).
      await audit(c, {
        action: 'ledger.transfer',
        target: `entry:${entry.entryId}`,
        detail: { ...input },
      })
      return ok(c, entry)
    },
  )

  app.openapi(
    action({
      path: '/ledger/verify',
      tag: 'ledger',
      summary:
        'Reconciliation: every account against its postings and holds, every entry and ' +
        'currency summing to zero; lists any mismatch',
      permission: PLATFORM_ADMIN,
      body: z.object({}).strict(),
      data: VerifyReport,
    }),
    async (c) => ok(c, await verifyLedger(c.var.deps.db)),
  )
}
