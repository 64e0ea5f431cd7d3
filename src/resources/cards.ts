import { z } from 'zod'
import { CARD_STATUSES } from '../machines/card'
import { id, optionalText } from '../lib/validators'
import { defineResource, field, filter } from './kit'

/**
 * Cards (cards-balance): the cards of the merchants the user reaches, masked (first six and
 * last four digits only: the number is never on the wire here), with the card account's
 * balance. Issued by `POST /card/create` (cards-balance-create-card), not by the kit's save.
 * Amounts are integers in the card currency's minor units.
 */
export const cards = defineResource({
  name: 'Card',
  api: '/card',
  screen: 'cards-balance',
  form: 'cards-balance-create-card',
  buttons: ['add'],
  row: z.object({
    id: z.number().int(),
    merchantId: z.number().int(),
    merchantName: z.string(),
    cardBinId: z.number().int(),
    bin: z.string(),
    scheme: z.string(),
    cardholderId: z.number().int(),
    cardholderName: z.string(),
    first6: z.string(),
    last4: z.string(),
    /** `4859 32•• •••• 1234`; '' until the channel has created the card. */
    maskedNumber: z.string(),
    alias: z.string(),
    usageType: z.string(),
    currency: z.string(),
    cardMode: z.string(),
    region: z.string(),
    status: z.enum(CARD_STATUSES),
    /** YYYY-MM */
    expiry: z.string(),
    /**
     * Past its expiry month while active or blocked (src/lib/cardExpiry.ts): shown "Expired";
     * `status` stays the machine's state.
     */
    expired: z.boolean(),
    initialAmount: z.number().int(),
    /** Card account: posted balance, pending (held) and available = posted − pending. */
    posted: z.number().int(),
    pending: z.number().int(),
    available: z.number().int(),
    limitPerTransaction: z.number().int().nullable(),
    limitDaily: z.number().int().nullable(),
    limitMonthly: z.number().int().nullable(),
    limitLifetime: z.number().int().nullable(),
    pendingTransactions: z.number().int(),
    /** The cardholder's address is the card's billing address. */
    billingCountry: z.string(),
    billingState: z.string(),
    billingCity: z.string(),
    billingAddress: z.string(),
    billingPostalCode: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
  }),
  save: z.object({}),
  sortable: ['createdAt', 'alias'],
  defaultSort: { field: 'createdAt', order: 'desc' },
  filters: {
    status: filter.enumOf('card_state'),
    merchantId: filter.merchant(),
    currency: filter.exact(),
    bin: filter.exact(),
    last4: filter.exact(),
    alias: filter.text(),
    createdAt: filter.dateRange(),
  },
  scope: 'merchantId',
  messages: 'cards:cardList',
  // The list's columns, the detail's card and balance parts (the money ones) and the export.
  fields: {
    maskedNumber: field.text('list', 'view', 'export'),
    alias: field.text('list', 'view', 'export'),
    cardholderName: field.text('list', 'view', 'export'),
    merchantName: field.text('list', 'view', 'export'),
    bin: field.text('list', 'view', 'export'),
    scheme: field.text('view'),
    currency: field.text('list', 'view', 'export'),
    posted: field.money('currency', 'view'),
    pending: field.money('currency', 'view'),
    available: field.money('currency', 'list', 'view', 'export'),
    initialAmount: field.money('currency', 'view'),
    status: field.enum('card_state', 'list', 'view', 'export'),
    expired: field.flag('export'),
    cardMode: field.code('cards:bin.mode', 'view'),
    region: field.text('view'),
    usageType: field.code('dict:values.card_usage_type', 'view'),
    expiry: field.text('view', 'export'),
    createdAt: field.datetime('list', 'view', 'export'),
  },
})

/** Validity bounds in days: the lower one is the system parameter `card.min_validity_days`. */
export const MAX_VALIDITY_DAYS = 3650
export const MAX_CARDS_PER_REQUEST = 100

/**
 * `POST /card/create`: `quantity` cards with the same settings. `initialAmount` (minor units)
 * is held on the merchant's balance in the BIN's currency while the channel creates each card.
 */
export const cardCreateRequest = z.object({
  merchantId: id(),
  cardBinId: id(),
  cardholderId: id(),
  alias: optionalText(),
  usageType: z.string().trim().min(1).max(50),
  validityDays: z.number().int().min(1).max(MAX_VALIDITY_DAYS),
  initialAmount: z.number().int().min(0).max(1e15),
  quantity: z.number().int().min(1).max(MAX_CARDS_PER_REQUEST),
  requestId: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9._:-]+$/, { message: 'validation:format' }),
})
export type CardCreateRequest = z.output<typeof cardCreateRequest>
