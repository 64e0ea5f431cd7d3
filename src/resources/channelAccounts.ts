import { z } from 'zod'
import { id, optionalText, text } from '../lib/validators'
import { currencyCode } from './currency'
import { defineResource, field, filter } from './kit'

/**
 * Channel funding accounts (accounts-channel): the platform's prepaid account at an issuing
 * channel in one currency, its bank details, its balance (the ledger's `channel_funding`
 * account) and the companies that may see and use it.
 */
export const channelAccounts = defineResource({
  name: 'ChannelAccount',
  api: '/accounts/channel',
  screen: 'accounts-channel',
  form: 'accounts-channel-save',
  buttons: ['add', 'edit', 'delete'],
  row: z.object({
    id: z.number().int(),
    channelId: z.number().int(),
    channelName: z.string(),
    currency: z.string(),
    bankName: z.string(),
    accountName: z.string(),
    accountNumber: z.string(),
    address: z.string(),
    swift: z.string(),
    bankCode: z.string(),
    branchCode: z.string(),
    location: z.string(),
    active: z.boolean(),
    /** Minor units of `currency`: the ledger account's posted balance. */
    balance: z.number().int(),
    /** The ledger account holding the money (for internal transfers). */
    ledgerAccountId: z.number().int().nullable(),
    companyIds: z.array(z.number().int()),
    createdAt: z.string(),
    updatedAt: z.string(),
  }),
  save: z.object({
    id: id().optional(),
    channelId: id(),
    currency: currencyCode(),
    bankName: text(),
    accountName: text(),
    accountNumber: text(34),
    address: optionalText(200),
    swift: optionalText(11),
    bankCode: optionalText(20),
    branchCode: optionalText(20),
    location: optionalText(),
    active: z.boolean().default(true),
  }),
  sortable: ['currency', 'bankName', 'createdAt'],
  defaultSort: { field: 'currency', order: 'asc' },
  filters: { currency: filter.text(), bankName: filter.text(), active: filter.flag() },
  // Platform data, limited for company users to the accounts made visible to their companies
  // (the server's scope hook).
  scope: 'platform',
  messages: 'transfers:channel',
  fields: {
    channelId: field.picker('form'),
    channelName: field.text('list', 'view', 'export'),
    currency: field.text('list', 'form', 'view', 'export'),
    balance: field.money('currency', 'list', 'view', 'export'),
    bankName: field.text('list', 'form', 'view', 'export'),
    accountName: field.text('list', 'form', 'view', 'export'),
    accountNumber: field.text('list', 'form', 'view', 'export'),
    swift: field.text('list', 'form', 'view', 'export'),
    bankCode: field.text('form', 'view', 'export'),
    branchCode: field.text('form', 'view', 'export'),
    location: field.text('form', 'view', 'export'),
    address: field.text('form', 'view', 'export'),
    active: field.flag('list', 'form', 'view', 'export'),
    // Drawn by the view as the companies' names.
    companyIds: field.picker('view'),
    createdAt: field.datetime('list', 'export'),
  },
})
