import { z } from 'zod'
import { id, matching, optionalText, text, textarea } from '../lib/validators'
import { defineResource, field, filter, strings } from './kit'

/** Today as YYYY-MM-DD in UTC: a birthday must be before it. */
const todayUtc = () => new Date().toISOString().slice(0, 10)

/**
 * Cardholders (coremanagement-cardholder-management): the people a merchant issues cards to
 * (spec §3). One of a merchant's cardholders may be its default; the server clears the old
 * default when a new one is saved.
 */
export const cardholders = defineResource({
  name: 'Cardholder',
  api: '/cardholder',
  screen: 'coremanagement-cardholder-management',
  form: 'coremanagement-cardholder-save',
  buttons: ['add', 'edit', 'delete'],
  row: z.object({
    id: z.number().int(),
    merchantId: z.number().int(),
    ...strings('merchantName', 'firstName', 'middleName', 'lastName', 'areaCode', 'phone'),
    ...strings('email', 'birthday', 'remark', 'country', 'state', 'city', 'address'),
    ...strings('postalCode', 'createdAt', 'updatedAt'),
    isDefault: z.boolean(),
  }),
  save: z.object({
    id: id().optional(),
    merchantId: id(),
    firstName: text(),
    middleName: optionalText(),
    lastName: text(),
    // Calling code without '+' (/common/phoneAreaList); the server checks it is one.
    areaCode: matching(/^[0-9]{1,4}$/, 'validation:format'),
    phone: matching(/^[0-9]{4,15}$/, 'validation:phone'),
    email: text().pipe(z.email()),
    birthday: z.iso
      .date({ message: 'validation:format' })
      .refine((d) => d >= '1900-01-01' && d < todayUtc(), { message: 'validation:birthday' }),
    remark: textarea(),
    country: matching(/^[A-Z]{2}$/, 'validation:country'),
    // An ISO 3166-2 code of the country's states ('' for a country without any).
    state: optionalText(),
    city: text(),
    address: text(),
    postalCode: text(20),
    isDefault: z.boolean().default(false),
  }),
  sortable: ['lastName', 'createdAt'],
  defaultSort: { field: 'lastName', order: 'asc' },
  filters: {
    lastName: filter.text(),
    email: filter.text(),
    merchantId: filter.merchant(),
    isDefault: filter.flag(),
  },
  scope: 'merchantId',
  messages: 'cards:holder',
  fields: {
    // Drawn by the screens from first, middle and last name.
    name: field.text('list', 'view'),
    merchantId: field.pickerOf('merchant', 'form'),
    merchantName: field.text('list', 'view', 'export'),
    firstName: field.text('form', 'export'),
    middleName: field.text('form', 'export'),
    lastName: field.text('form', 'export'),
    areaCode: field.picker('form', 'export'),
    phone: field.text('list', 'form', 'view', 'export'),
    email: field.text('list', 'form', 'view', 'export'),
    birthday: field.date('form', 'view', 'export'),
    country: field.picker('list', 'form', 'view', 'export'),
    state: field.picker('form', 'view', 'export'),
    city: field.text('form', 'view', 'export'),
    address: field.text('form', 'view', 'export'),
    postalCode: field.text('form', 'view', 'export'),
    remark: field.textarea('form', 'view', 'export'),
    isDefault: field.flag('list', 'form', 'view', 'export'),
    createdAt: field.datetime('list', 'view', 'export'),
  },
})
