import { z } from 'zod'
import { id, int, optionalText, text, textarea } from '../lib/validators'
import { defineResource, field, filter } from './kit'

const stamp = { createdAt: z.string(), updatedAt: z.string() }

/** Dictionaries (dict-management): named lists of values, platform-wide. */
export const dictionaries = defineResource({
  name: 'Dict',
  api: '/dict',
  screen: 'dict-management',
  form: 'dict-management-save',
  buttons: ['add', 'edit', 'delete'],
  row: z.object({
    id: z.number().int(),
    code: z.string(),
    name: z.string(),
    type: z.string(),
    remark: z.string(),
    active: z.boolean(),
    loading: z.boolean(),
    ...stamp,
  }),
  save: z.object({
    /** Absent: create (button dict-management:add). Present: update (dict-management:edit). */
    id: id().optional(),
    code: text(),
    name: text(),
    type: optionalText(),
    remark: textarea(),
    active: z.boolean().default(true),
    loading: z.boolean().default(false),
  }),
  sortable: ['code', 'name', 'createdAt'],
  defaultSort: { field: 'code', order: 'asc' },
  filters: {
    code: filter.text(),
    name: filter.text(),
    type: filter.exact(),
    active: filter.flag(),
  },
  scope: 'platform',
  messages: 'dict:dict',
  fields: {
    code: field.text('list', 'form', 'export'),
    name: field.text('list', 'form', 'export'),
    type: field.text('list', 'form', 'export'),
    remark: field.textarea('list', 'form', 'export'),
    active: field.flag('list', 'form', 'export'),
    loading: field.flag('list', 'form', 'export'),
    createdAt: field.datetime('list', 'export'),
  },
})

/** Values of one dictionary (dict-dt-management); every call names the dictionary (`dictId`). */
export const dictValues = defineResource({
  name: 'DictValue',
  api: '/dict/value',
  screen: 'dict-dt-management',
  form: 'dict-dt-management-save',
  buttons: ['add', 'edit', 'delete'],
  row: z.object({
    id: z.number().int(),
    dictId: z.number().int(),
    code: z.string(),
    name: z.string(),
    seq: z.number().int(),
    descriptor: z.string(),
    parentId: z.number().int().nullable(),
    otherText: z.string(),
    active: z.boolean(),
    isDefault: z.boolean(),
    ...stamp,
  }),
  save: z.object({
    id: id().optional(),
    dictId: id(),
    code: text(),
    name: text(),
    seq: int(0, 999_999).default(0),
    descriptor: optionalText(),
    /** Another value (of any dictionary) this one sits under; null or absent: top level. */
    parentId: id().nullable().default(null),
    otherText: optionalText(),
    active: z.boolean().default(true),
    /** Setting it clears the default of every other value of the dictionary. */
    isDefault: z.boolean().default(false),
  }),
  sortable: ['seq', 'code', 'name', 'createdAt'],
  defaultSort: { field: 'seq', order: 'asc' },
  filters: {
    code: filter.text(),
    name: filter.text(),
    active: filter.flag(),
    isDefault: filter.flag(),
  },
  parent: { dictId: id() },
  scope: 'platform',
  messages: 'dict:value',
  fields: {
    code: field.text('list', 'form', 'export'),
    name: field.text('list', 'form', 'export'),
    // Typed as text: letters read "Must be number" rather than being kept out.
    seq: field.text('list', 'form', 'export'),
    descriptor: field.text('list', 'form', 'export'),
    // Chosen from the dictionary's other values, or none (the screen's choices).
    parentId: field.picker('form'),
    otherText: field.text('list', 'form', 'export'),
    active: field.flag('list', 'form', 'export'),
    isDefault: field.flag('list', 'form', 'export'),
    createdAt: field.datetime('list', 'export'),
  },
})
