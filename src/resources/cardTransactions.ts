import { z } from 'zod'
import { defineResource, field, filter } from './kit'

/**
 * Card transactions (cards-transactions, spec §3 Transaction): what the channel reported for
 * the cards, one row per authorisation or refund. Read-only: the channel writes them through
 * the webhook; the sandbox panel's simulations go the same way. Amounts in minor units.
 */
export const cardTransactions = defineResource({
  name: 'CardTransaction',
  api: '/card-transactions',
  screen: 'cards-transactions',
  form: 'cards-transactions',
  // `simulate`: the sandbox panel's events (the list itself is read-only).
  buttons: ['simulate'],
  row: z.object({
    id: z.number().int(),
    occurredAt: z.string(),
    /** What the merchant presented. */
    merchantAmount: z.number().int(),
    merchantCurrency: z.string(),
    /** Card currency per merchant currency unit. */
    exchangeRate: z.string(),
    /** In the card's currency: what was authorised (a purchase) or paid back (a refund). */
    cardAmount: z.number().int(),
    cardCurrency: z.string(),
    /** A purchase's clearing so far (0 until cleared); a refund's own amount. */
    clearedAmount: z.number().int(),
    /** A purchase's accepted refunds so far (never above its clearing); 0 for a refund. */
    refundedAmount: z.number().int(),
    /**
     * A cleared purchase that cleared less than it authorised (status `success`): the list
     * shows it "Partly cleared". Derived, not a stored status: filters and the dashboard's
     * spend count it as `success`.
     */
    partlyCleared: z.boolean(),
    authCode: z.string().nullable(),
    /** purchase | refund */
    type: z.string(),
    /** success | pending | rejected | cancel */
    status: z.string(),
    /** approved, or the decline reason (a code of the decline_reason dictionary). */
    result: z.string(),
    region: z.string(),
    /** Where the card was used (the shop). */
    merchantName: z.string(),
    description: z.string(),
    cardId: z.number().int(),
    /** First six, asterisks, last four: never the number. */
    cardMasked: z.string(),
    /** The platform's merchant the card belongs to. */
    merchantId: z.number().int(),
    ownerName: z.string(),
    txnRef: z.string(),
  }),
  save: z.object({}),
  sortable: ['occurredAt', 'cardAmount'],
  defaultSort: { field: 'occurredAt', order: 'desc' },
  filters: {
    merchant: filter.merchant(),
    occurredAt: filter.dateRange(),
    status: filter.enumOf('transaction_status'),
    type: filter.enumOf('card_transaction_type'),
    /** The card's id. */
    card: filter.exact(),
    /** The card number's last four digits. */
    last4: filter.exact(),
    /** The card's currency (what the dashboard's spend per currency links to). */
    currency: filter.exact(),
  },
  scope: 'merchantId',
  messages: 'cards:txn',
  fields: {
    occurredAt: field.datetime('list', 'export'),
    merchantCurrency: field.text('export'),
    merchantAmount: field.money('merchantCurrency', 'list', 'export'),
    exchangeRate: field.text('list', 'export'),
    cardCurrency: field.text('export'),
    cardAmount: field.money('cardCurrency', 'list', 'export'),
    clearedAmount: field.money('cardCurrency', 'list', 'export'),
    refundedAmount: field.money('cardCurrency', 'list', 'export'),
    authCode: field.text('list', 'export'),
    type: field.enum('card_transaction_type', 'list', 'export'),
    status: field.enum('transaction_status', 'list', 'export'),
    partlyCleared: field.flag('export'),
    result: field.text('list', 'export'),
    region: field.text('list', 'export'),
    merchantName: field.text('list', 'export'),
    description: field.textarea('list', 'export'),
    cardMasked: field.text('list', 'export'),
    ownerName: field.text('list', 'export'),
    txnRef: field.text('export'),
  },
})
