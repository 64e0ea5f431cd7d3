import { button } from '../../auth/permissions'
import { action } from '../../http/action'
import type { AdminApp } from '../../http/context'
import { CommonRules } from '../../http/errors'
import { ok } from '../../http/respond'
import { LedgerRules } from '../../ledger/rules'
import { menu } from '../../auth/permissions'
import { serviceContext } from '../../resources/context'
import { ReviewRules } from '../../reviews/rules'
import { registerCardRequestLists } from './lists'
import { topUp, withdraw } from './money'
import {
  requestReview,
  reviewBalanceUpdate,
  reviewCancel,
  requestBalanceUpdate,
} from './requests'
import { reveal } from './reveal'
import { CardOpsRules as R } from './rules'
import {
  BalanceUpdateRequest,
  LimitsAnswer,
  LimitsRequest,
  MoneyAnswer,
  MoneyRequest,
  ReasonRequest,
  RequestAnswer,
  RequestIdBody,
  RequestReviewAnswer,
  RevealAnswer,
  RevealRequest,
  ReviewAnswer,
  ReviewRequest,
  StatusAnswer,
} from './schemas'
import { freeze, requestCancel, unfreeze, updateLimits } from './status'

const channelRules = [R.channelRefused, R.channelUnavailable]

/** What is done to an existing card (docs/cards.md, "Card operations"). */
export function registerCardOps(app: AdminApp) {
  registerCardRequestLists(app)

  for (const [path, screen, kind] of [
    ['/card-ops/cancel-requests/history', 'cards-cancel-review', 'cancel'],
    ['/card-ops/balance-updates/history', 'cards-transactions-update-balance', 'balanceUpdate'],
  ] as const) {
    app.openapi(
      action({
        path,
        tag: 'card-ops',
        summary:
          'A request’s review: its state, who asked, and each step (who, when, from → to, ' +
          'reason code, note), as every reviewed item shows it',
        permission: menu(screen),
        body: RequestIdBody,
        data: RequestReviewAnswer,
        rules: [R.requestNotFound],
      }),
      async (c) => ok(c, await requestReview(serviceContext(c), c.req.valid('json'), kind)),
    )
  }

  app.openapi(
    action({
      path: '/card-ops/top-up',
      tag: 'card-ops',
      summary: 'Top up a card from its merchant’s balance (once per requestId)',
      permission: button('cards-balance:top-up'),
      body: MoneyRequest,
      data: MoneyAnswer,
      rules: [
        R.notFound,
        R.notAllowed,
        R.cardExpired,
        R.topUpTooSmall,
        LedgerRules.insufficientBalance,
        LedgerRules.requestIdReused,
        R.inProgress,
        R.failedAtChannel,
        ...channelRules,
      ],
    }),
    async (c) => ok(c, await topUp(serviceContext(c), c.var.deps, c.req.valid('json'))),
  )

  app.openapi(
    action({
      path: '/card-ops/withdraw',
      tag: 'card-ops',
      summary: 'Withdraw from a card to its merchant’s balance (once per requestId)',
      permission: button('cards-balance:withdraw'),
      body: MoneyRequest,
      data: MoneyAnswer,
      rules: [
        R.notFound,
        R.notAllowed,
        R.insufficientCardBalance,
        LedgerRules.requestIdReused,
        R.inProgress,
        R.failedAtChannel,
        ...channelRules,
      ],
    }),
    async (c) => ok(c, await withdraw(serviceContext(c), c.var.deps, c.req.valid('json'))),
  )

  app.openapi(
    action({
      path: '/card-ops/limits',
      tag: 'card-ops',
      summary: 'Set a card’s spending limits (null = none)',
      permission: button('cards-balance:update-limit'),
      body: LimitsRequest,
      data: LimitsAnswer,
      rules: [R.notFound, R.notAllowed, R.cardExpired, ...channelRules],
    }),
    async (c) => ok(c, await updateLimits(serviceContext(c), c.var.deps, c.req.valid('json'))),
  )

  for (const [path, run, summary] of [
    ['/card-ops/freeze', freeze, 'Freeze a card with a reason code (Block Success)'],
    ['/card-ops/unfreeze', unfreeze, 'Unfreeze a card with a reason code (Unblock Success)'],
  ] as const) {
    app.openapi(
      action({
        path,
        tag: 'card-ops',
        summary,
        permission: button('cards-balance:freeze'),
        body: ReasonRequest,
        data: StatusAnswer,
        rules: [R.notFound, R.notAllowed, R.cardExpired, R.unknownReason, ...channelRules],
      }),
      async (c) => ok(c, await run(serviceContext(c), c.var.deps, c.req.valid('json'))),
    )
  }

  app.openapi(
    action({
      path: '/card-ops/cancel',
      tag: 'card-ops',
      summary: 'Ask for a card’s cancellation; another person reviews it (cards-cancel-review)',
      permission: button('cards-balance:cancel'),
      body: ReasonRequest,
      data: StatusAnswer,
      rules: [R.notFound, R.notAllowed, R.pendingTransactions, R.unknownReason],
    }),
    async (c) => ok(c, await requestCancel(serviceContext(c), c.var.deps, c.req.valid('json'))),
  )

  app.openapi(
    action({
      path: '/card-ops/cancel-requests/review',
      tag: 'card-ops',
      summary:
        'Approve (cancel at the channel, remaining balance back to the merchant) or reject ' +
        '(the card returns to its previous status) a cancellation; never one’s own',
      permission: button('cards-cancel-review:review'),
      body: ReviewRequest,
      data: ReviewAnswer,
      rules: [
        R.requestNotFound,
        R.requestReviewed,
        ReviewRules.ownRequest,
        ReviewRules.reasonRequired,
        R.pendingTransactions,
        R.notAllowed,
        R.unknownReason,
        R.inProgress,
        ...channelRules,
      ],
    }),
    async (c) => ok(c, await reviewCancel(serviceContext(c), c.var.deps, c.req.valid('json'))),
  )

  app.openapi(
    action({
      path: '/card-ops/balance-updates/save',
      tag: 'card-ops',
      summary: 'Ask for a correction of a card’s balance (+ or −), reviewed by another person',
      permission: button('cards-transactions-update-balance:request'),
      body: BalanceUpdateRequest,
      data: RequestAnswer,
      rules: [R.notFound, R.notAllowed, R.cardExpired, R.insufficientCardBalance, R.updatePending],
    }),
    async (c) => ok(c, await requestBalanceUpdate(serviceContext(c), c.req.valid('json'))),
  )

  app.openapi(
    action({
      path: '/card-ops/balance-updates/review',
      tag: 'card-ops',
      summary: 'Approve (ledger and channel move the amount) or reject a balance update',
      permission: button('cards-transactions-update-balance:review'),
      body: ReviewRequest,
      data: ReviewAnswer,
      rules: [
        R.requestNotFound,
        R.requestReviewed,
        ReviewRules.ownRequest,
        ReviewRules.reasonRequired,
        R.notAllowed,
        R.cardExpired,
        R.insufficientCardBalance,
        R.unknownReason,
        R.inProgress,
        ...channelRules,
      ],
    }),
    async (c) =>
      ok(c, await reviewBalanceUpdate(serviceContext(c), c.var.deps, c.req.valid('json'))),
  )

  app.openapi(
    action({
      path: '/card-ops/reveal',
      tag: 'card-ops',
      summary:
        'A card’s number and security code in clear, for a user with the sensitive-fields ' +
        'toggle, with a reason; rate-limited per user and audited (the reason, never the number)',
      permission: button('cards-balance:reveal'),
      body: RevealRequest,
      data: RevealAnswer,
      rules: [R.notFound, R.sensitiveNotAllowed, R.noNumber, CommonRules.tooManyRequests],
    }),
    async (c) => {
      c.header('Cache-Control', 'no-store')
      return ok(c, await reveal(serviceContext(c), c.var.deps, c.req.valid('json')))
    },
  )
}
