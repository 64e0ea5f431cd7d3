import { button } from '../../auth/permissions'
import {
  cardBalanceUpdate,
  cardCancel,
  cardFreeze,
  cardLimits,
  cardTopUp,
  cardUnfreeze,
  cardWithdraw,
} from '../../../src/resources/cardOps'
import { action } from '../../http/action'
import { mountAction } from '../../http/mountAction'
import type { AdminApp } from '../../http/context'
import { CommonRules } from '../../http/errors'
import { ok } from '../../http/respond'
import { LedgerRules } from '../../ledger/rules'
import { menu } from '../../auth/permissions'
import { serviceContext } from '../../resources/context'
import { ReviewRules } from '../../reviews/rules'
import { registerCardRequestLists } from './lists'
import { topUp, withdraw } from './money'
import { requestReview, reviewBalanceUpdate, reviewCancel, requestBalanceUpdate } from './requests'
import { reveal } from './reveal'
import { CardOpsRules as R } from './rules'
import {
  RequestIdBody,
  RequestReviewAnswer,
  RevealAnswer,
  RevealRequest,
  ReviewAnswer,
  ReviewRequest,
} from './schemas'
import { freeze, requestCancel, unfreeze, updateLimits } from './status'

const channelRules = [R.channelRefused, R.channelUnavailable]

const tag = 'card-ops'

/** What is done to an existing card (docs/cards.md, "Card operations"). */
export function registerCardOps(app: AdminApp) {
  registerCardRequestLists(app)
  registerReviewHistories(app)
  registerMoneyOps(app)
  registerStatusOps(app)
  registerCancelReview(app)
  registerBalanceUpdates(app)
  registerReveal(app)
}

/** Each reviewed request's history, as every review panel draws it. */
function registerReviewHistories(app: AdminApp) {
  for (const [path, screen, kind] of [
    ['/card-ops/cancel-requests/history', 'cards-cancel-review', 'cancel'],
    ['/card-ops/balance-updates/history', 'cards-transactions-update-balance', 'balanceUpdate'],
  ] as const) {
    app.openapi(
      action({
        path,
        tag,
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
}

/** Money onto and off a card (the merchant's balance on the other side). */
function registerMoneyOps(app: AdminApp) {
  mountAction(app, cardTopUp, {
    tag,
    rules: [
      R.notFound,
      R.notAllowed,
      R.cardExpired,
      R.topUpTooSmall,
      LedgerRules.insufficientBalance,
      R.inProgress,
      R.failedAtChannel,
      ...channelRules,
    ],
    run: (ctx, input, deps) => topUp(ctx, deps, input),
  })

  mountAction(app, cardWithdraw, {
    tag,
    rules: [
      R.notFound,
      R.notAllowed,
      R.insufficientCardBalance,
      R.inProgress,
      R.failedAtChannel,
      ...channelRules,
    ],
    run: (ctx, input, deps) => withdraw(ctx, deps, input),
  })
}

/** Limits, freeze and unfreeze, and the cancellation a reviewer decides. */
function registerStatusOps(app: AdminApp) {
  mountAction(app, cardLimits, {
    tag,
    rules: [R.notFound, R.notAllowed, R.cardExpired, ...channelRules],
    run: (ctx, input, deps) => updateLimits(ctx, deps, input),
  })

  for (const [def, run] of [
    [cardFreeze, freeze],
    [cardUnfreeze, unfreeze],
  ] as const) {
    mountAction(app, def, {
      tag,
      rules: [R.notFound, R.notAllowed, R.cardExpired, R.unknownReason, ...channelRules],
      run: (ctx, input, deps) => run(ctx, deps, input),
    })
  }

  mountAction(app, cardCancel, {
    tag,
    rules: [R.notFound, R.notAllowed, R.pendingTransactions, R.unknownReason],
    run: (ctx, input, deps) => requestCancel(ctx, deps, input),
  })
}

/** The reviewer's decision on a cancellation. */
function registerCancelReview(app: AdminApp) {
  app.openapi(
    action({
      path: '/card-ops/cancel-requests/review',
      tag,
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
}

/** A balance update: the request, and the reviewer's decision on it. */
function registerBalanceUpdates(app: AdminApp) {
  mountAction(app, cardBalanceUpdate, {
    tag,
    rules: [R.notFound, R.notAllowed, R.cardExpired, R.insufficientCardBalance, R.updatePending],
    run: (ctx, input) => requestBalanceUpdate(ctx, input),
  })

  app.openapi(
    action({
      path: '/card-ops/balance-updates/review',
      tag,
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
}

/** A card's number in clear, for the few who may see it. */
function registerReveal(app: AdminApp) {
  app.openapi(
    action({
      path: '/card-ops/reveal',
      tag,
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
