import { z } from '@hono/zod-openapi'
import { and, eq, getTableColumns } from 'drizzle-orm'
import {
  balances,
  bankAccounts as bankDefinition,
  transactions,
} from '../../../src/resources/accounts'
import { menu } from '../../auth/permissions'
import { merchantScope } from '../../auth/scope'
import {
  accountMovements,
  ledgerAccounts,
  merchants,
  platformBankAccounts,
  users,
} from '../../db/schema'
import { accountAdjust, accountDeclare } from '../../../src/resources/accountRequests'
import { action } from '../../http/action'
import { mountAction } from '../../http/mountAction'
import type { AdminApp } from '../../http/context'
import { CommonRules } from '../../http/errors'
import { iso } from '../../http/wire'
import { ok } from '../../http/respond'
import { LedgerRules } from '../../ledger/rules'
import { ReviewRules } from '../../reviews/rules'
import { serviceContext } from '../../resources/context'
import { registerResource } from '../../resources/routes'
import { safeFileName } from './proof'
import { adjust, cancel, currencyTotals, declare, detail, proofFile, review } from './requests'
import { AccountRules } from './rules'
import { AccountRequest, CurrencyTotal, RequestIdBody, ReviewRequest } from './schemas'

const tag = 'accounts'

/** accounts-balance: merchant balances (list and export only) and the totals per currency. */
function registerBalances(app: AdminApp) {
  registerResource(
    app,
    balances,
    {
      table: ledgerAccounts,
      id: ledgerAccounts.id,
      fields: {
        id: ledgerAccounts.id,
        ownerType: ledgerAccounts.ownerType,
        ownerId: ledgerAccounts.ownerId,
        ownerName: merchants.name,
        currency: ledgerAccounts.currency,
        creditsPosted: ledgerAccounts.creditsPosted,
        debitsPosted: ledgerAccounts.debitsPosted,
        debitsPending: ledgerAccounts.debitsPending,
      },
      join: (q) => q.innerJoin(merchants, eq(merchants.id, ledgerAccounts.ownerId)),
      columns: {
        ownerName: merchants.name,
        currency: ledgerAccounts.currency,
        merchant: merchants.id,
        company: merchants.companyId,
      },
      toRow: (r) => {
        const posted = r.creditsPosted - r.debitsPosted
        return {
          accountId: r.id,
          ownerType: r.ownerType,
          ownerId: r.ownerId ?? 0,
          ownerName: r.ownerName,
          currency: r.currency,
          posted,
          pending: r.debitsPending,
          available: posted - r.debitsPending,
        }
      },
      scope: (reach) =>
        merchantScope(reach, { merchantId: merchants.id, companyId: merchants.companyId }),
      audit: 'balance',
      rules: { notFound: LedgerRules.accountNotFound },
      hooks: {
        parent: () =>
          and(
            eq(ledgerAccounts.type, 'merchant_balance'),
            eq(ledgerAccounts.ownerType, 'merchant'),
          ),
      },
    },
    ['list', 'export'],
  )

  app.openapi(
    action({
      path: '/accounts/balance/currencyList',
      tag,
      summary:
        'Totals per currency of the merchant balances in the caller’s reach: merchants, ' +
        'posted, pending (held), available',
      permission: menu('accounts-balance'),
      body: z.object({}).strict(),
      data: z.array(CurrencyTotal),
    }),
    async (c) => ok(c, await currencyTotals(serviceContext(c))),
  )
}

/** accounts-balance-save / -view: the platform's receiving bank accounts, on the kit. */
function registerBankAccounts(app: AdminApp) {
  registerResource(app, bankDefinition, {
    table: platformBankAccounts,
    id: platformBankAccounts.id,
    fields: getTableColumns(platformBankAccounts),
    columns: {
      currency: platformBankAccounts.currency,
      bankName: platformBankAccounts.bankName,
      createdAt: platformBankAccounts.createdAt,
    },
    toRow: (r) => ({ ...r, createdAt: iso(r.createdAt) }),
    scope: 'platform-only',
    audit: 'bank-account',
    rules: { notFound: AccountRules.bankAccountNotFound },
  })
}

/** accounts-transactions: the movements list (list and export on the kit). */
function registerMovements(app: AdminApp) {
  registerResource(
    app,
    transactions,
    {
      table: accountMovements,
      id: accountMovements.id,
      fields: {
        ...getTableColumns(accountMovements),
        merchantName: merchants.name,
        actorName: users.loginName,
      },
      // Left joins on primary keys, for names only: the count reads the movements alone, so it
      // can be answered from their indexes.
      join: (q) =>
        q
          .leftJoin(merchants, eq(merchants.id, accountMovements.merchantId))
          .leftJoin(users, eq(users.id, accountMovements.actorUserId)),
      joinsForDisplayOnly: true,
      columns: {
        createdAt: accountMovements.createdAt,
        amount: accountMovements.amount,
        merchant: accountMovements.merchantId,
        company: accountMovements.companyId,
        currency: accountMovements.currency,
        type: accountMovements.type,
        status: accountMovements.status,
        reference: accountMovements.reference,
      },
      toRow: (r) => ({
        id: r.id,
        merchantId: r.merchantId,
        merchantName: r.merchantName ?? '',
        accountId: r.accountId,
        currency: r.currency,
        type: r.type,
        status: r.status,
        amount: r.amount,
        balanceAfter: r.balanceAfter,
        reference: r.reference,
        remark: r.remark,
        requestId: r.requestId,
        entryId: r.entryId,
        actorName: r.actorName ?? '',
        createdAt: iso(r.createdAt),
      }),
      scope: (reach) =>
        merchantScope(reach, {
          merchantId: accountMovements.merchantId,
          companyId: accountMovements.companyId,
        }),
      audit: 'account-movement',
      rules: { notFound: AccountRules.requestNotFound },
    },
    ['list', 'export'],
  )
}

/** Declare, adjust, review, cancel, read a request and its proof. */
function registerRequests(app: AdminApp) {
  const view = menu('accounts-transactions')
  const answered = [CommonRules.viewOnly, AccountRules.merchantNotFound]

  mountAction(app, accountDeclare, {
    tag,
    answer: AccountRequest,
    rules: [
      ...answered,
      AccountRules.depositBelowMinimum,
      AccountRules.proofRequired,
      AccountRules.proofType,
      AccountRules.proofTooLarge,
      LedgerRules.insufficientBalance,
    ],
    run: async (ctx, input) => detail(ctx, await declare(ctx, input)),
  })

  mountAction(app, accountAdjust, {
    tag,
    answer: AccountRequest,
    rules: [...answered, LedgerRules.insufficientBalance],
    run: async (ctx, input) => detail(ctx, await adjust(ctx, input)),
  })

  app.openapi(
    action({
      path: '/accounts/transactions/review',
      tag,
      summary:
        'Approve (posts the entry once) or reject (posts nothing, releases a hold) a pending ' +
        'request, with a reason code and note; never by the user who submitted it. Needs ' +
        'accounts-transactions:review',
      permission: view,
      body: ReviewRequest,
      data: AccountRequest,
      rules: [
        CommonRules.viewOnly,
        AccountRules.requestNotFound,
        AccountRules.requestNotPending,
        ReviewRules.ownRequest,
        ReviewRules.reasonRequired,
        LedgerRules.insufficientBalance,
      ],
    }),
    async (c) => ok(c, await review(serviceContext(c), c.req.valid('json'))),
  )

  app.openapi(
    action({
      path: '/accounts/transactions/cancel',
      tag,
      summary: 'The submitter cancels a pending request (a hold is released)',
      permission: view,
      body: RequestIdBody,
      data: AccountRequest,
      rules: [
        CommonRules.viewOnly,
        AccountRules.requestNotFound,
        AccountRules.requestNotPending,
        AccountRules.notOwnRequest,
      ],
    }),
    async (c) => ok(c, await cancel(serviceContext(c), c.req.valid('json').requestId)),
  )

  app.openapi(
    action({
      path: '/accounts/transactions/request',
      tag,
      summary: 'A deposit, withdrawal or adjustment request with its review history',
      permission: view,
      body: RequestIdBody,
      data: AccountRequest,
      rules: [AccountRules.requestNotFound],
    }),
    async (c) => ok(c, await detail(serviceContext(c), c.req.valid('json').requestId)),
  )

  app.openapi(
    action({
      path: '/accounts/transactions/proof',
      tag,
      summary: 'The proof file of a deposit, as uploaded',
      permission: view,
      body: RequestIdBody,
      data: z.null(),
      rules: [AccountRules.fileNotFound],
      file: ['application/pdf', 'image/png', 'image/jpeg'],
    }),
    async (c) => {
      const file = await proofFile(serviceContext(c), c.req.valid('json').requestId)
      return new Response(new Uint8Array(file.data), {
        status: 200,
        headers: {
          'Content-Type': file.contentType,
          'Content-Disposition': `attachment; filename="${safeFileName(file.name)}"`,
          'X-Content-Type-Options': 'nosniff',
          'Access-Control-Expose-Headers': 'Content-Disposition',
        },
      }) as never
    },
  )
}

/** The accounts screens' calls (issue 8; docs/ledger.md "Accounts screens"). */
export function registerAccounts(app: AdminApp) {
  registerBalances(app)
  registerBankAccounts(app)
  registerMovements(app)
  registerRequests(app)
}
