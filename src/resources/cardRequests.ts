import { z } from 'zod'
import { defineResource, filter } from './kit'

/**
 * Requests on a card waiting for another person's review (card_requests, docs/cards.md
 * "Reviews"): cancellations (cards-cancel-review) and administrators' balance updates
 * (cards-transactions-update-balance). Read-only lists: the writes are the review calls.
 */
const row = z.object({
  id: z.number().int(),
  cardId: z.number().int(),
  merchantId: z.number().int(),
  merchantName: z.string(),
  /** First six and last four digits, the rest starred. */
  cardNumber: z.string(),
  cardAlias: z.string(),
  cardStatus: z.string(),
  /** The card's available balance now (what an approved cancellation returns). */
  cardAvailable: z.number().int(),
  status: z.string(),
  sign: z.string().nullable(),
  amount: z.number().int().nullable(),
  currency: z.string(),
  reasonCode: z.string(),
  note: z.string(),
  requestedBy: z.number().int(),
  requesterName: z.string(),
  requestedAt: z.string(),
  reviewedBy: z.number().int().nullable(),
  reviewerName: z.string(),
  reviewedAt: z.string().nullable(),
  reviewReasonCode: z.string(),
  reviewNote: z.string(),
})

const labels = {
  merchantName: 'cardOps:merchant',
  merchant: 'cardOps:merchant',
  cardNumber: 'cardOps:cardNumber',
  cardAlias: 'cardOps:alias',
  cardStatus: 'cardOps:cardStatus',
  cardAvailable: 'cardOps:available',
  status: 'cardOps:requestStatus',
  sign: 'cardOps:sign',
  amount: 'cardOps:amount',
  currency: 'cardOps:currency',
  reasonCode: 'cardOps:reason',
  note: 'cardOps:note',
  requesterName: 'cardOps:requester',
  requestedAt: 'cardOps:requestedAt',
  reviewerName: 'cardOps:reviewer',
  reviewedAt: 'cardOps:reviewedAt',
  reviewReasonCode: 'cardOps:reviewReason',
  reviewNote: 'cardOps:reviewNote',
} as const

const filters = {
  merchant: filter.merchant(),
  status: filter.exact(),
  requestedAt: filter.dateRange(),
}

export const cancelRequests = defineResource({
  name: 'CardCancelRequest',
  api: '/card-ops/cancel-requests',
  screen: 'cards-cancel-review',
  form: 'cards-cancel-review',
  buttons: ['review'],
  row,
  save: z.object({}),
  sortable: ['requestedAt'],
  defaultSort: { field: 'requestedAt', order: 'desc' },
  filters,
  scope: 'merchantId',
  labels,
  exportColumns: [
    'requestedAt',
    'merchantName',
    'cardNumber',
    'cardStatus',
    'cardAvailable',
    'currency',
    'status',
    'reasonCode',
    'note',
    'requesterName',
    'reviewerName',
    'reviewedAt',
    'reviewReasonCode',
    'reviewNote',
  ],
})

export const balanceUpdates = defineResource({
  name: 'CardBalanceUpdate',
  api: '/card-ops/balance-updates',
  screen: 'cards-transactions-update-balance',
  form: 'cards-transactions-update-balance',
  buttons: ['request', 'review'],
  row,
  save: z.object({}),
  sortable: ['requestedAt'],
  defaultSort: { field: 'requestedAt', order: 'desc' },
  filters,
  scope: 'merchantId',
  labels,
  exportColumns: [
    'requestedAt',
    'merchantName',
    'cardNumber',
    'currency',
    'sign',
    'amount',
    'status',
    'note',
    'requesterName',
    'reviewerName',
    'reviewedAt',
    'reviewReasonCode',
    'reviewNote',
  ],
})

export type CardRequestRow = z.output<typeof row>
