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
    channelName: field.text('export'),
    currency: field.text('export'),
    bankName: field.text('export'),
    accountName: field.text('export'),
    accountNumber: field.text('export'),
    swift: field.text('export'),
    bankCode: field.text('export'),
    branchCode: field.text('export'),
    location: field.text('export'),
    address: field.text('export'),
    balance: field.money('currency', 'export'),
    active: field.flag('export'),
    createdAt: field.datetime('export'),
  },
})
