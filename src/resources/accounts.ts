import { z } from 'zod'
import { isCurrency } from '../lib/money'
import { id, optionalText, text } from '../lib/validators'
import { defineResource, field, filter } from './kit'

/**
 * The accounts screens (issue 8): merchants' balances, the platform's receiving bank accounts
 * and every balance movement. Amounts are integers in the currency's minor units.
 */

const currency = () =>
  z.string().trim().toUpperCase().refine(isCurrency, { message: 'validation:format' })

/** accounts-balance: one row per merchant balance (posted, pending, available). */
export const balances = defineResource({
  name: 'AccountBalance',
  api: '/accounts/balance',
  screen: 'accounts-balance',
  form: 'accounts-balance-view',
  // Read-only: the list and its export only (the screen's buttons are the bank accounts').
  buttons: [],
  row: z.object({
    accountId: z.number().int(),
    ownerType: z.string(),
    ownerId: z.number().int(),
    ownerName: z.string(),
    currency: z.string(),
    posted: z.number().int(),
    pending: z.number().int(),
    available: z.number().int(),
  }),
  save: z.object({}),
  sortable: ['ownerName', 'currency'],
  defaultSort: { field: 'ownerName', order: 'asc' },
  filters: { merchant: filter.merchant(), company: filter.company(), currency: filter.exact() },
  scope: 'ownerId',
  messages: 'accounts:balance',
  fields: {
    ownerName: field.text('list', 'export'),
    currency: field.text('list', 'export'),
    posted: field.money('currency', 'list', 'export'),
    pending: field.money('currency', 'list', 'export'),
    available: field.money('currency', 'list', 'export'),
  },
})

/** accounts-balance-save / -view: where merchants wire their deposits, per currency. */
export const bankAccounts = defineResource({
  name: 'PlatformBankAccount',
  api: '/accounts/bank',
  screen: 'accounts-balance',
  form: 'accounts-balance-save',
  buttons: ['add', 'edit', 'delete'],
  row: z.object({
    id: z.number().int(),
    currency: z.string(),
    bankName: z.string(),
    accountName: z.string(),
    accountNumber: z.string(),
    address: z.string(),
    swift: z.string(),
    bankCode: z.string(),
    branchCode: z.string(),
    location: z.string(),
    createdAt: z.string(),
  }),
  save: z.object({
    id: id().optional(),
    currency: currency(),
    bankName: text(),
    accountName: text(),
    accountNumber: text(50),
    address: optionalText(200),
    swift: optionalText(11),
    bankCode: optionalText(20),
    branchCode: optionalText(20),
    location: optionalText(),
  }),
  sortable: ['currency', 'bankName', 'createdAt'],
  defaultSort: { field: 'currency', order: 'asc' },
  filters: { currency: filter.exact(), bankName: filter.text() },
  scope: 'platform',
  messages: 'accounts:bank',
  // The table below the balances (its columns), the form, the view and the export.
  fields: {
    currency: field.picker('list', 'form', 'view', 'export'), // the currencies the screens offer
    bankName: field.text('list', 'form', 'view', 'export'),
    accountName: field.text('list', 'form', 'view', 'export'),
    accountNumber: field.text('list', 'form', 'view', 'export'),
    address: field.text('form', 'view', 'export'),
    swift: field.text('list', 'form', 'view', 'export'),
    bankCode: field.text('form', 'view', 'export'),
    branchCode: field.text('form', 'view', 'export'),
    location: field.text('form', 'view', 'export'),
  },
})

/** accounts-transactions: every balance movement, posted or waiting for review. */
export const transactions = defineResource({
  name: 'AccountTransaction',
  api: '/accounts/transactions',
  screen: 'accounts-transactions',
  form: 'accounts-transactions-save',
  buttons: ['add', 'review', 'update-balance'],
  row: z.object({
    id: z.number().int(),
    merchantId: z.number().int(),
    merchantName: z.string(),
    accountId: z.number().int(),
    currency: z.string(),
    type: z.string(),
    status: z.string(),
    /** Signed minor units: + credits the balance, − debits it. */
    amount: z.number().int(),
    /** The balance after the posting; null while not posted. */
    balanceAfter: z.number().int().nullable(),
    reference: z.string(),
    remark: z.string(),
    /** The review request behind it (deposits, withdrawals, adjustments). */
    requestId: z.number().int().nullable(),
    entryId: z.number().int().nullable(),
    actorName: z.string(),
    createdAt: z.string(),
  }),
  save: z.object({}),
  sortable: ['createdAt', 'amount'],
  defaultSort: { field: 'createdAt', order: 'desc' },
  filters: {
    merchant: filter.merchant(),
    company: filter.company(),
    currency: filter.exact(),
    type: filter.enumOf('account_transaction_type'),
    status: filter.enumOf('transaction_status'),
    reference: filter.text(),
    createdAt: filter.dateRange(),
  },
  scope: 'merchantId',
  messages: 'accounts:transaction',
  fields: {
    createdAt: field.datetime('list', 'export'),
    merchantName: field.text('list', 'export'),
    currency: field.text('export'),
    type: field.code('accounts:types', 'list', 'export'),
    status: field.code('accounts:statuses', 'list', 'export'),
    amount: field.money('currency', 'list', 'export'),
    balanceAfter: field.money('currency', 'list', 'export'),
    reference: field.text('list', 'export'),
    remark: field.textarea('list', 'export'),
    actorName: field.text('list', 'export'),
  },
})
