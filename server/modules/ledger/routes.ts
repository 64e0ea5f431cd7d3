import { z } from '@hono/zod-openapi'
import { button, PLATFORM_ADMIN } from '../../auth/permissions'
import { audit } from '../../audit'
import { action } from '../../http/action'
import type { AdminApp } from '../../http/context'
import { ok } from '../../http/respond'
import { LedgerRules } from '../../ledger/rules'
import type { PostedEntry, Tx } from '../../ledger/store'
import { TransferRules } from '../transfers/rules'
import { transferInReach } from '../transfers/service'
import { verifyLedger } from '../../ledger/verify'
import { TransferRequest, TransferEntry, VerifyReport } from './schemas'

/**
 * The ledger's calls. A transfer is for anyone with the transfer button, between balances in
 * their reach (server/modules/transfers/reach.ts); verify is for platform administrators.
 */
export function registerLedger(app: AdminApp) {
  app.openapi(
    action({
      path: '/accounts/transfer',
      tag: 'ledger',
      summary:
        'Move an amount (minor units) between two balances in the caller’s reach, once per ' +
        'requestId: same currency directly, across currencies with a quoteId from ' +
        '/accounts/fx/quote; answers the entry with both balances after',
      permission: button('accounts-transfer:transfer'),
      body: TransferRequest,
      data: TransferEntry,
      rules: [
        LedgerRules.insufficientBalance,
        LedgerRules.requestIdReused,
        LedgerRules.accountNotFound,
        LedgerRules.currencyMismatch,
        LedgerRules.sameAccount,
        TransferRules.outOfReach,
        TransferRules.quoteRequired,
        TransferRules.quoteNotFound,
        TransferRules.quoteMismatch,
        TransferRules.quoteUsed,
        TransferRules.quoteExpired,
      ],
    }),
    async (c) => {
      const input = c.req.valid('json')
      const { actor, deps } = c.var
      // Every call is audited, retries included (the target says which entry it answered). A
      // new entry's audit row is written in the entry's transaction; a retry's after it.
      const record = (entryId: number, tx?: Tx) =>
        audit(
          c,
          { action: 'ledger.transfer', target: `entry:${entryId}`, detail: { ...input } },
          tx,
        )
      let recorded = false
      const ctx = {
        db: deps.db,
        clock: deps.clock,
        actorUserId: actor.userId,
        actor,
        record: async (tx: Tx, posted: PostedEntry) => {
          await record(posted.entry.id, tx)
          recorded = true
        },
      }
      const entry = await transferInReach(ctx, input)
      if (!recorded) await record(entry.entryId)
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
