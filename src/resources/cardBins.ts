import creditCardType from 'credit-card-type'
import { z } from 'zod'
import { isCurrency } from '../lib/money'
import { id } from '../lib/validators'
import { defineResource, field, filter } from './kit'

/** Card scheme codes of /common/queryCardSchemeList (the credit-card-type package's types). */
export const CARD_SCHEMES = Object.values(creditCardType.types) as [string, ...string[]]
export const CARD_MODES = ['prepaid', 'shared'] as const

/** 6 to 8 digits: the issuer identification number at the start of a card number. */
export const BIN_PATTERN = /^[0-9]{6,8}$/

/** Card BINs (card-bin-management): which BINs each channel issues, with what cards. */
export const cardBins = defineResource({
  name: 'CardBin',
  api: '/card-bin',
  screen: 'card-bin-management',
  form: 'card-bin-management-save',
  buttons: ['add', 'edit', 'delete', 'assign'],
  row: z.object({
    id: z.number().int(),
    bin: z.string(),
    channelId: z.number().int(),
    channelName: z.string(),
    scheme: z.string(),
    currency: z.string(),
    cardMode: z.enum(CARD_MODES),
    region: z.string(),
    active: z.boolean(),
    /** How many companies and merchants the BIN is assigned to. */
    companyCount: z.number().int(),
    merchantCount: z.number().int(),
    createdAt: z.string(),
    updatedAt: z.string(),
  }),
  save: z.object({
    id: id().optional(),
    bin: z
      .string()
      .trim()
      .min(1)
      .max(8, { message: 'validation:binDigits' })
      .regex(BIN_PATTERN, { message: 'validation:binDigits' }),
    channelId: id(),
    scheme: z.enum(CARD_SCHEMES, { message: 'validation:format' }),
    currency: z.string().trim().min(1).refine(isCurrency, { message: 'validation:currency' }),
    cardMode: z.enum(CARD_MODES, { message: 'validation:format' }),
    // A country code; whether the country exists is checked on the server (ISO 3166 data).
    region: z
      .string()
      .trim()
      .min(1)
      .regex(/^[A-Z]{2}$/, { message: 'validation:country' }),
    active: z.boolean().default(true),
  }),
  sortable: ['bin', 'createdAt'],
  defaultSort: { field: 'bin', order: 'asc' },
  filters: {
    bin: filter.text(),
    scheme: filter.exact(),
    currency: filter.exact(),
    cardMode: filter.enumOf('card_mode'),
    active: filter.flag(),
  },
  scope: 'platform',
  messages: 'cards:bin',
  fields: {
    bin: field.text('list', 'form', 'export'),
    channelId: field.picker('form'),
    channelName: field.text('list', 'export'),
    // Listed by the scheme's name (the screen's drawing), exported as its code.
    scheme: field.picker('list', 'form', 'export'),
    currency: field.pickerOf('currency', 'list', 'form', 'export'),
    cardMode: field.enum('card_mode', 'list', 'form', 'export'),
    region: field.picker('list', 'form', 'export'),
    active: field.flag('list', 'form', 'export'),
    companyCount: field.number('list', 'export'),
    merchantCount: field.number('list', 'export'),
    createdAt: field.datetime('list', 'export'),
  },
})

/** card-bin-management-assign: the whole set of companies and merchants that may issue on a BIN. */
export const cardBinAssignment = z.object({
  id: id(),
  companyIds: z.array(id()).max(500).default([]),
  merchantIds: z.array(id()).max(500).default([]),
})
export type CardBinAssignment = z.output<typeof cardBinAssignment>
