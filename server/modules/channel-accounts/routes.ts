import { z } from '@hono/zod-openapi'
import { and, eq, inArray, ne } from 'drizzle-orm'
import { channelAccounts as definition } from '../../../src/resources/channelAccounts'
import { button, menu } from '../../auth/permissions'
import { audit } from '../../audit'
import { channelAccountCompanies, channelAccounts, channels, companies } from '../../db/schema'
import { isUniqueViolation } from '../../db/uniqueViolation'
import { action } from '../../http/action'
import type { AdminApp } from '../../http/context'
import { BizError, CommonRules } from '../../http/errors'
import { iso } from '../../http/wire'
import { fieldRefusal } from '../../http/refusals'
import { ok } from '../../http/respond'
import { channelFundingKey, openAccount } from '../../ledger/accounts'
import { transferPostings } from '../../ledger/postings'
import { LedgerRules } from '../../ledger/rules'
import { postEntry } from '../../ledger/store'
import { toTransferResult } from '../../ledger/transfer'
import { serviceContext, type ServiceContext } from '../../resources/context'
import { registerResource } from '../../resources/routes'
import { MinorAmount, RequestId, TransferEntry } from '../ledger/schemas'
import { TransferRules } from '../transfers/rules'
import {
  channelAccountFields,
  channelAccountJoin,
  channelAccountScope,
  fundingBalances,
} from './store'
import { remarkCode } from '../../../src/lib/remarks'

const duplicate = (ctx: ServiceContext, currency: string) =>
  fieldRefusal(ctx, TransferRules.duplicateChannelAccount, 'currency', 'validation:duplicate', {
    currency,
  })

const ChannelAccountId = z.number().int().positive().max(2_147_483_647)

const VisibilityRequest = z
  .object({
    id: ChannelAccountId,
    companyIds: z.array(z.number().int().positive().max(2_147_483_647)).max(1000),
  })
  .openapi('ChannelAccountVisibilityRequest')

const ChannelTransferRequest = z
  .object({
    fromChannelAccountId: ChannelAccountId,
    toChannelAccountId: ChannelAccountId,
    amount: MinorAmount,
    requestId: RequestId,
    remark: z.string().trim().max(100).optional(),
  })
  .openapi('ChannelTransferRequest')

/** Channel funding accounts (accounts-channel): the kit's calls plus visibility and transfer. */
export function registerChannelAccounts(app: AdminApp) {
  const service = registerResource(app, definition, {
    table: channelAccounts,
    id: channelAccounts.id,
    fields: channelAccountFields,
    join: channelAccountJoin,
    columns: {
      currency: channelAccounts.currency,
      bankName: channelAccounts.bankName,
      createdAt: channelAccounts.createdAt,
      active: channelAccounts.active,
    },
    toRow: ({ credits, debits, companyIds, ...r }) => ({
      ...r,
      balance: (credits ?? 0) - (debits ?? 0),
      companyIds: (companyIds ?? []).map(Number),
      createdAt: iso(r.createdAt),
      updatedAt: iso(r.updatedAt),
    }),
    scope: channelAccountScope,
    audit: 'channel-account',
    rules: {
      notFound: TransferRules.channelAccountNotFound,
      save: [
        CommonRules.invalidInput,
        TransferRules.duplicateChannelAccount,
        TransferRules.channelAccountFixed,
      ],
      delete: [TransferRules.channelAccountHasBalance],
    },
    hooks: {
      async beforeSave(ctx, tx, input, current) {
        if (
          current &&
          (current.channelId !== input.channelId || current.currency !== input.currency)
        ) {
          throw new BizError(TransferRules.channelAccountFixed)
        }
        const [channel] = await tx.select().from(channels).where(eq(channels.id, input.channelId))
        if (!channel) {
          throw fieldRefusal(ctx, CommonRules.invalidInput, 'channelId', 'validation:format')
        }
        const [clash] = await tx
          .select({ id: channelAccounts.id })
          .from(channelAccounts)
          .where(
            and(
              eq(channelAccounts.channelId, input.channelId),
              eq(channelAccounts.currency, input.currency),
              current && ne(channelAccounts.id, current.id),
            ),
          )
        if (clash) throw duplicate(ctx, input.currency)
        // Its money lives in the ledger: the funding account opens (at zero) with the details.
        await openAccount(tx, channelFundingKey(input.channelId, input.currency))
      },
      async beforeDelete(_ctx, tx, rows) {
        const balances = await fundingBalances(
          tx,
          rows.map((r) => r.id),
        )
        const funded = rows.filter((r) => (balances.get(r.id) ?? 0) !== 0)
        if (funded.length) {
          throw new BizError(TransferRules.channelAccountHasBalance, {
            names: funded.map((r) => `${r.currency} ${r.accountNumber}`).join(', '),
          })
        }
      },
      conflict: (ctx, e, input) =>
        isUniqueViolation(e, 'channel_accounts_channel_currency_uq')
          ? duplicate(ctx, input.currency)
          : undefined,
    },
  })

  app.openapi(
    action({
      path: '/accounts/channel/channels',
      tag: 'accounts',
      summary: 'The issuing channels a channel account can belong to',
      permission: menu('accounts-channel'),
      body: z.object({}).strict(),
      data: z.array(z.object({ id: z.number().int(), code: z.string(), name: z.string() })),
    }),
    async (c) =>
      ok(
        c,
        await c.var.deps.db
          .select({ id: channels.id, code: channels.code, name: channels.name })
          .from(channels)
          .orderBy(channels.id),
      ),
  )

  app.openapi(
    action({
      path: '/accounts/channel/visibility',
      tag: 'accounts',
      summary: 'Which companies may see and use a channel account: replaces the whole set',
      permission: button('accounts-channel:visibility'),
      body: VisibilityRequest,
      data: definition.row,
      rules: [TransferRules.channelAccountNotFound, TransferRules.companyNotFound],
    }),
    async (c) => {
      const ctx = serviceContext(c)
      const { id, companyIds } = c.req.valid('json')
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
        await tx
          .delete(channelAccountCompanies)
          .where(eq(channelAccountCompanies.channelAccountId, id))
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
      return ok(c, await service.detail(ctx, id))
    },
  )

  app.openapi(
    action({
      path: '/accounts/channel/transfer',
      tag: 'accounts',
      summary:
        'Internal transfer between two of the platform’s channel accounts in one currency, ' +
        'once per requestId (entry kind channel_transfer)',
      permission: button('accounts-channel:transfer'),
      body: ChannelTransferRequest,
      data: TransferEntry,
      rules: [
        TransferRules.channelAccountNotFound,
        LedgerRules.sameAccount,
        LedgerRules.currencyMismatch,
        LedgerRules.insufficientBalance,
        LedgerRules.requestIdReused,
      ],
    }),
    async (c) => {
      const ctx = serviceContext(c)
      const input = c.req.valid('json')
      const ids = [input.fromChannelAccountId, input.toChannelAccountId]
      const rows = await ctx.db
        .select()
        .from(channelAccounts)
        .where(inArray(channelAccounts.id, ids))
      const from = rows.find((r) => r.id === input.fromChannelAccountId)
      const to = rows.find((r) => r.id === input.toChannelAccountId)
      if (!from || !to) throw new BizError(TransferRules.channelAccountNotFound)
      if (from.id === to.id) throw new BizError(LedgerRules.sameAccount)
      if (from.currency !== to.currency) throw new BizError(LedgerRules.currencyMismatch)
      const fromAccount = await openAccount(
        ctx.db,
        channelFundingKey(from.channelId, from.currency),
      )
      const toAccount = await openAccount(ctx.db, channelFundingKey(to.channelId, to.currency))
      const remark = input.remark || remarkCode('channelTransfer')
      const posted = await postEntry(
        { db: ctx.db, clock: ctx.clock, actorUserId: c.var.actor.userId },
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
      await audit(c, {
        action: 'ledger.channel_transfer',
        target: `entry:${entry.entryId}`,
        detail: { ...input },
      })
      return ok(c, { ...entry, fx: null })
    },
  )
}
