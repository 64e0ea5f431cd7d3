import { and, eq, getTableColumns } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { balanceUpdates, cancelRequests } from '../../../src/resources/cardRequests'
import { merchantScope } from '../../auth/scope'
import { maskNumber } from '../../cards/cardData'
import { cardRequests, cards, ledgerAccounts, merchants, users } from '../../db/schema'
import type { AdminApp } from '../../http/context'
import { iso } from '../../http/wire'
import { registerResource } from '../../resources/routes'
import { CardOpsRules } from './rules'

const requester = alias(users, 'requester')
const reviewer = alias(users, 'reviewer')

/** The review lists of cards-cancel-review and cards-transactions-update-balance (read-only). */
export function registerCardRequestLists(app: AdminApp) {
  for (const [def, kind] of [
    [cancelRequests, 'cancel'],
    [balanceUpdates, 'balanceUpdate'],
  ] as const) {
    registerResource(
      app,
      def as typeof cancelRequests,
      {
        table: cardRequests,
        id: cardRequests.id,
        fields: {
          ...getTableColumns(cardRequests),
          merchantName: merchants.name,
          first6: cards.first6,
          last4: cards.last4,
          cardAlias: cards.alias,
          cardStatus: cards.status,
          creditsPosted: ledgerAccounts.creditsPosted,
          debitsPosted: ledgerAccounts.debitsPosted,
          debitsPending: ledgerAccounts.debitsPending,
          requesterName: requester.loginName,
          reviewerName: reviewer.loginName,
        },
        join: (q) =>
          q
            .innerJoin(merchants, eq(merchants.id, cardRequests.merchantId))
            .innerJoin(cards, eq(cards.id, cardRequests.cardId))
            .leftJoin(
              ledgerAccounts,
              and(
                eq(ledgerAccounts.type, 'card'),
                eq(ledgerAccounts.ownerType, 'card'),
                eq(ledgerAccounts.ownerId, cardRequests.cardId),
              ),
            )
            .leftJoin(requester, eq(requester.id, cardRequests.requestedBy))
            .leftJoin(reviewer, eq(reviewer.id, cardRequests.reviewedBy)),
        columns: {
          requestedAt: cardRequests.requestedAt,
          merchant: cardRequests.merchantId,
          status: cardRequests.status,
        },
        toRow: (r) => ({
          id: r.id,
          cardId: r.cardId,
          merchantId: r.merchantId,
          merchantName: r.merchantName,
          cardNumber: maskNumber(r.first6, r.last4),
          cardAlias: r.cardAlias,
          cardStatus: r.cardStatus,
          cardAvailable: (r.creditsPosted ?? 0) - (r.debitsPosted ?? 0) - (r.debitsPending ?? 0),
          // Only a decision names its reviewer (claims live in review_decisions).
          status: r.status,
          sign: r.sign,
          amount: r.amount,
          currency: r.currency,
          reasonCode: r.reasonCode,
          note: r.note,
          requestedBy: r.requestedBy,
          requesterName: r.requesterName ?? '',
          requestedAt: iso(r.requestedAt),
          reviewedBy: r.status === 'pending' ? null : r.reviewedBy,
          reviewerName: r.status === 'pending' ? '' : (r.reviewerName ?? ''),
          reviewedAt: r.reviewedAt ? iso(r.reviewedAt) : null,
          reviewReasonCode: r.reviewReasonCode ?? '',
          reviewNote: r.reviewNote ?? '',
        }),
        scope: (reach) =>
          and(
            eq(cardRequests.kind, kind),
            merchantScope(reach, {
              merchantId: cardRequests.merchantId,
              companyId: merchants.companyId,
            }),
          ),
        audit: `card-request-${kind}`,
        auditTarget: 'card-request',
        rules: { notFound: CardOpsRules.requestNotFound },
      },
      ['list', 'detail', 'export'],
    )
  }
}
