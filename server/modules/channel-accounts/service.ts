import type { z } from '@hono/zod-openapi'
import { eq, inArray } from 'drizzle-orm'
import { audit } from '../../audit'
import { channelAccountCompanies, channelAccounts, companies } from '../../db/schema'
import { BizError } from '../../http/errors'
import { channelFundingKey, openAccount } from '../../ledger/accounts'
import { transferPostings } from '../../ledger/postings'
import { LedgerRules } from '../../ledger/rules'
import { postEntry } from '../../ledger/store'
import { toTransferResult } from '../../ledger/transfer'
import type { ServiceContext } from '../../resources/context'
import { TransferRules } from '../transfers/rules'
import { remarkCode } from '../../../src/lib/remarks'
import type { ChannelTransferRequest, VisibilityRequest } from './schemas'

/** Replaces the set of companies that may see and use a channel account. */
export async function setVisibility(
  ctx: ServiceContext,
  { id, companyIds }: z.output<typeof VisibilityRequest>,
) {
  const wanted = [...new Set(companyIds)]
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: channelAccounts.id })
      .from(channelAccounts)
      .where(eq(channelAccounts.id, id))
      .for('update')
    if (!row) throw new BizError(TransferRules.channelAccountNotFound)
    if (wanted.length) {
      const found = await tx
        .select({ id: companies.id })
        .from(companies)
        .where(inArray(companies.id, wanted))
      if (found.length !== wanted.length) throw new BizError(TransferRules.companyNotFound)
    }
    await tx.delete(channelAccountCompanies).where(eq(channelAccountCompanies.channelAccountId, id))
    if (wanted.length) {
      await tx
        .insert(channelAccountCompanies)
        .values(wanted.map((companyId) => ({ channelAccountId: id, companyId })))
    }
    await audit(
      ctx,
      {
        action: 'channel-account.visibility',
        target: `channel-account:${id}`,
        detail: { companyIds: wanted },
      },
      tx,
    )
  })
}

/** An internal transfer between two of the platform's channel accounts in one currency. */
export async function channelTransfer(
  ctx: ServiceContext,
  input: z.output<typeof ChannelTransferRequest>,
) {
  const ids = [input.fromChannelAccountId, input.toChannelAccountId]
  const rows = await ctx.db.select().from(channelAccounts).where(inArray(channelAccounts.id, ids))
  const from = rows.find((r) => r.id === input.fromChannelAccountId)
  const to = rows.find((r) => r.id === input.toChannelAccountId)
  if (!from || !to) throw new BizError(TransferRules.channelAccountNotFound)
  if (from.id === to.id) throw new BizError(LedgerRules.sameAccount)
  if (from.currency !== to.currency) throw new BizError(LedgerRules.currencyMismatch)
  const fromAccount = await openAccount(ctx.db, channelFundingKey(from.channelId, from.currency))
  const toAccount = await openAccount(ctx.db, channelFundingKey(to.channelId, to.currency))
  const remark = input.remark || remarkCode('channelTransfer')
  const posted = await postEntry(
    { db: ctx.db, clock: ctx.clock, actorUserId: ctx.actor?.userId ?? null },
    {
      requestId: input.requestId,
      fingerprint: JSON.stringify([
        'channel_transfer',
        from.id,
        to.id,
        input.amount,
        input.remark ?? null,
      ]),
      kind: 'channel_transfer',
      remark,
      postings: transferPostings(fromAccount.id, toAccount.id, input.amount, from.currency),
    },
  )
  const entry = toTransferResult(posted)
  await audit(ctx, {
    action: 'ledger.channel_transfer',
    target: `entry:${entry.entryId}`,
    detail: { ...input },
  })
  return { ...entry, fx: null }
}
