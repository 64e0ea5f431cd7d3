import { z } from 'zod'
import { defineResource, field, filter } from './kit'

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
  messages: 'cardOps:cancelRequest',
  fields: {
    requestedAt: field.datetime('list', 'export'),
    merchantName: field.text('list', 'export'),
    cardNumber: field.text('list', 'export'),
    cardStatus: field.enum('card_state', 'export'),
    cardAvailable: field.money('currency', 'list', 'export'),
    currency: field.text('export'),
    status: field.code('cardOps:requestStatuses', 'list', 'export'),
    reasonCode: field.text('list', 'export'),
    note: field.textarea('list', 'export'),
    requesterName: field.text('list', 'export'),
    reviewerName: field.text('list', 'export'),
    reviewedAt: field.datetime('export'),
    reviewReasonCode: field.text('export'),
    reviewNote: field.textarea('list', 'export'),
  },
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
  messages: 'cardOps:balanceUpdate',
  fields: {
    requestedAt: field.datetime('list', 'export'),
    merchantName: field.text('list', 'export'),
    cardNumber: field.text('list', 'export'),
    currency: field.text('export'),
    sign: field.text('export'),
    amount: field.money('currency', 'list', 'export'),
    status: field.code('cardOps:requestStatuses', 'list', 'export'),
    note: field.textarea('list', 'export'),
    requesterName: field.text('list', 'export'),
    reviewerName: field.text('list', 'export'),
    reviewedAt: field.datetime('export'),
    reviewReasonCode: field.text('export'),
    reviewNote: field.textarea('list', 'export'),
  },
})

export type CardRequestRow = z.output<typeof row>
