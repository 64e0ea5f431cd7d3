import { z } from 'zod'
import { id, text, textarea } from '../lib/validators'
import { defineResource, field, filter } from './kit'

/** System parameters (parameter-management): platform-wide settings; built-in ones are fixed. */
export const parameters = defineResource({
  name: 'Parameter',
  api: '/parameter',
  screen: 'parameter-management',
  form: 'parameter-management-save',
  buttons: ['add', 'edit', 'delete'],
  row: z.object({
    id: z.number().int(),
    name: z.string(),
    value: z.string(),
    description: z.string(),
    active: z.boolean(),
    /** false: built in; the console shows it read-only and the server refuses changes. */
    editable: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  }),
  save: z.object({
    id: id().optional(),
    name: text(),
    value: text(500),
    description: textarea(),
    active: z.boolean().default(true),
  }),
  sortable: ['name', 'createdAt'],
  defaultSort: { field: 'name', order: 'asc' },
  filters: { name: filter.text(), active: filter.flag(), createdAt: filter.dateRange() },
  scope: 'platform',
  messages: 'param:parameter',
  fields: {
    name: field.text('list', 'form', 'export'),
    value: field.text('list', 'form', 'export'),
    description: field.textarea('list', 'form', 'export'),
    active: field.flag('list', 'form', 'export'),
    editable: field.flag('list', 'export'),
    createdAt: field.datetime('list', 'export'),
  },
})
