import { z } from '@hono/zod-openapi'
import { and, eq, ne } from 'drizzle-orm'
import { channelAccounts as definition } from '../../../src/resources/channelAccounts'
import { button, menu } from '../../auth/permissions'
import { channelAccounts, channels } from '../../db/schema'
import { isUniqueViolation } from '../../db/uniqueViolation'
import { action } from '../../http/action'
import type { AdminApp } from '../../http/context'
import { BizError, CommonRules } from '../../http/errors'
import { iso } from '../../http/wire'
import { fieldRefusal } from '../../http/refusals'
import { ok } from '../../http/respond'
import { channelFundingKey, openAccount } from '../../ledger/accounts'
import { LedgerRules } from '../../ledger/rules'
import { serviceContext, type ServiceContext } from '../../resources/context'
import { registerResource } from '../../resources/routes'
import { TransferEntry } from '../ledger/schemas'
import { TransferRules } from '../transfers/rules'
import {
  channelAccountFields,
  channelAccountJoin,
  channelAccountScope,
  fundingBalances,
} from './store'

const duplicate = (ctx: ServiceContext, currency: string) =>
  fieldRefusal(ctx, TransferRules.duplicateChannelAccount, 'currency', 'validation:duplicate', {
    currency,
  })

import { ChannelTransferRequest, VisibilityRequest } from './schemas'
import { channelTransfer, setVisibility } from './service'

type ChannelAccountService = ReturnType<typeof registerChannelAccountResource>

/** Channel funding accounts (accounts-channel): the kit's calls plus visibility and transfer. */
export function registerChannelAccounts(app: AdminApp) {
  const service = registerChannelAccountResource(app)
  registerChannelList(app)
  registerVisibility(app, service)
  registerChannelTransfer(app)
}

/** The kit's calls: list, detail, save, delete, export. */
function registerChannelAccountResource(app: AdminApp) {
  return registerResource(app, definition, {
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
}

function registerChannelList(app: AdminApp) {
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
}

function registerVisibility(app: AdminApp, service: ChannelAccountService) {
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
      const input = c.req.valid('json')
      await setVisibility(ctx, input)
      return ok(c, await service.detail(ctx, input.id))
    },
  )
}

function registerChannelTransfer(app: AdminApp) {
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
    async (c) => ok(c, await channelTransfer(serviceContext(c), c.req.valid('json'))),
  )
}
