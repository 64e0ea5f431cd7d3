import { z } from 'zod'
import { id, int } from '../lib/validators'
import { currencyCode } from './currency'
import { defineResource, field, filter } from './kit'

/** A positive plain decimal, at most 12 digits each side of the point (server/ledger/fx.ts). */
export const RATE_PATTERN = /^(?=.*[1-9])\d{1,12}(\.\d{1,12})?$/

/**
 * FX rates (accounts-fx-rate, a hidden screen under Accounts): what a quote converts at. Units
 * of the quote currency per unit of the base currency, and the platform's spread in basis
 * points (1 bp = 0.01 %).
 */
export const fxRates = defineResource({
  name: 'FxRate',
  api: '/accounts/fx/rate',
  screen: 'accounts-fx-rate',
  form: 'accounts-fx-rate-save',
  buttons: ['add', 'edit', 'delete'],
  row: z.object({
    id: z.number().int(),
    baseCurrency: z.string(),
    quoteCurrency: z.string(),
    rate: z.string(),
    spreadBps: z.number().int(),
    updatedBy: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
  }),
  // "Cannot be same" for the two currencies: the form's refinement and the server's rule (a
  // refinement here would stop `.omit()` and is not part of the contract's schema).
  save: z.object({
    id: id().optional(),
    baseCurrency: currencyCode(),
    quoteCurrency: currencyCode(),
    rate: z
      .string()
      .trim()
      .min(1)
      .max(25, { message: 'validation:format' })
      .regex(RATE_PATTERN, { message: 'validation:format' }),
    spreadBps: int(0, 9_999),
  }),
  sortable: ['baseCurrency', 'quoteCurrency', 'updatedAt'],
  defaultSort: { field: 'baseCurrency', order: 'asc' },
  filters: {
    baseCurrency: filter.text(),
    quoteCurrency: filter.text(),
    updatedAt: filter.dateRange(),
  },
  scope: 'platform',
  messages: 'transfers:fx',
  fields: {
    baseCurrency: field.text('list', 'form', 'export'),
    quoteCurrency: field.text('list', 'form', 'export'),
    rate: field.text('list', 'form', 'export'),
    // Typed as text: letters read "Must be number".
    spreadBps: field.text('list', 'form', 'export'),
    updatedBy: field.text('list', 'export'),
    updatedAt: field.datetime('list', 'export'),
  },
})
