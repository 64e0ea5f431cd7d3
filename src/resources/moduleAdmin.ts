import { z } from 'zod'
import { id, int, optionalText, text } from '../lib/validators'
import { defineResource, field, filter } from './kit'
import { moduleRow } from './modules'

/**
 * module-management and button-management on the resource kit (docs/menus-and-permissions.md,
 * "Who owns what"): built-in modules are renamed, moved, reordered or hidden, never deleted;
 * buttons are renamed only. Names are kept per language (`language`), entered as two fields.
 */

/** Categories an operator may create: a group to arrange pages in, or an entry of a screen. */
export const MODULE_CATEGORIES = ['group', 'page'] as const

/** The names in both languages, flat: the form's fields and the list's and export's columns. */
const names = { nameEn: z.string(), nameZh: z.string() }

export const modules = defineResource({
  name: 'Module',
  api: '/module',
  screen: 'module-management',
  form: 'module-management-save',
  buttons: ['add', 'edit', 'delete'],
  row: moduleRow.extend({
    ...names,
    /** The parent group's names (null at the top level). */
    parentEn: z.string().nullable(),
    parentZh: z.string().nullable(),
  }),
  save: z.object({
    id: id().optional(),
    nameEn: text(),
    nameZh: text(),
    /** '' for a group; a page names a screen of the registry (its url), fixed once built in. */
    url: optionalText(200),
    category: z.enum(MODULE_CATEGORIES).optional(),
    parentId: id().nullable().default(null),
    position: int(1, 2),
    seq: int(0, 9999),
    icon: optionalText(50),
    isHidden: z.boolean().default(false),
    disabled: z.boolean().default(false),
    headerShow: z.boolean().default(true),
    breadcrumbShow: z.boolean().default(true),
  }),
  sortable: ['seq', 'url', 'category'],
  defaultSort: { field: 'seq', order: 'asc' },
  // `name` looks in both languages' names and the route name; `group` keeps the groups.
  filters: {
    name: filter.text(),
    url: filter.text(),
    group: filter.flag(),
    isHidden: filter.flag(),
  },
  scope: 'platform',
  messages: 'modules:modules',
  fields: {
    // The list shows the name in the reader's language (drawn by the screen from the two).
    name: field.text('list'),
    nameEn: field.text('form', 'export'),
    nameZh: field.text('form', 'export'),
    url: field.picker('list', 'form', 'export'),
    category: field.code('modules:modules.categories', 'list', 'form', 'export'),
    parentId: field.picker('form'),
    parent: field.text('list'),
    position: field.code('modules:modules.positions', 'list', 'form', 'export'),
    seq: field.number('list', 'form', 'export'),
    icon: field.text('form'),
    isHidden: field.flag('list', 'form', 'export'),
    disabled: field.flag('list', 'form', 'export'),
    headerShow: field.flag('form'),
    breadcrumbShow: field.flag('form'),
    builtIn: field.flag('list', 'export'),
    edited: field.flag('list', 'export'),
  },
})

export const buttons = defineResource({
  name: 'Button',
  api: '/button',
  screen: 'button-management',
  // Renamed in a dialog over the list: no form screen of its own.
  form: 'button-management',
  buttons: ['edit'],
  row: z.object({
    id: z.number().int(),
    code: z.string(),
    menuId: z.number().int(),
    /** The screen's route name. */
    screen: z.string(),
    ...names,
    /** Route names this button opens, comma separated (spec §3 Button.menuRouterList). */
    menuRouterList: z.string(),
    edited: z.boolean(),
  }),
  save: z.object({ id: id(), nameEn: text(), nameZh: text() }),
  sortable: ['code', 'screen'],
  defaultSort: { field: 'screen', order: 'asc' },
  filters: { name: filter.text(), code: filter.text(), screen: filter.text() },
  scope: 'platform',
  messages: 'modules:buttons',
  fields: {
    name: field.text('list'),
    nameEn: field.text('form', 'export'),
    nameZh: field.text('form', 'export'),
    code: field.text('list', 'export'),
    screen: field.text('list', 'export'),
    menuRouterList: field.text('list', 'export'),
    edited: field.flag('list', 'export'),
  },
})
