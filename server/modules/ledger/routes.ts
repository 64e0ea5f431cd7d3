import { z } from '@hono/zod-openapi'
import { transfer } from '../../../src/resources/transfers'
import { PLATFORM_ADMIN } from '../../auth/permissions'
import { audit } from '../../audit'
import { action } from '../../http/action'
import { mountAction } from '../../http/mountAction'
import type { AdminApp } from '../../http/context'
import { ok } from '../../http/respond'
import { LedgerRules } from '../../ledger/rules'
import type { PostedEntry, Tx } from '../../ledger/store'
import { TransferRules } from '../transfers/rules'
import { transferInReach } from '../transfers/service'
import { verifyLedger } from '../../ledger/verify'
import { VerifyReport } from './schemas'

/**
 * The ledger's calls. A transfer is for anyone with the transfer button, between balances in
 * their reach (server/modules/transfers/reach.ts); verify is for platform administrators.
 */
export function registerLedger(app: AdminApp) {
  mountAction(app, transfer, {
    tag: 'ledger',
    rules: [
      LedgerRules.insufficientBalance,
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
    run: async (ctx, input) => {
      const actor = ctx.actor!
      // Every call is audited, retries included (the target says which entry it answered). A
      // new entry's audit row is written in the entry's transaction; a retry's after it.
      const record = (entryId: number, tx?: Tx) =>
        audit(
          ctx,
          { action: 'ledger.transfer', target: `entry:${entryId}`, detail: { ...input } },
          tx,
        )
      let recorded = false
      const entry = await transferInReach(
        {
          db: ctx.db,
          clock: ctx.clock,
          actorUserId: actor.userId,
          actor,
          record: async (tx: Tx, posted: PostedEntry) => {
            await record(posted.entry.id, tx)
            recorded = true
          },
        },
        input,
      )
      if (!recorded) await record(entry.entryId)
      return entry
    },
  })

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
