import { z } from 'zod'
import { id, int, optionalText, text } from '../lib/validators'

/**
 * Modules (menu entries, spec §3) and buttons as module-management, button-management and the
 * devops module screens read and write them (docs/menus-and-permissions.md, "Who owns what").
 */
const labels = z.object({ en_US: z.string(), zh_CN: z.string() })

export const moduleRow = z.object({
  id: z.number().int(),
  /** The route name (the registry's for a built-in module). */
  name: z.string(),
  url: z.string(),
  icon: z.string(),
  parentId: z.number().int().nullable(),
  position: z.number().int(),
  seq: z.number().int(),
  isHidden: z.boolean(),
  disabled: z.boolean(),
  headerShow: z.boolean(),
  breadcrumbShow: z.boolean(),
  category: z.string(),
  language: labels,
  /** A screen of the registry: renamed, moved or hidden, never deleted; its url is fixed. */
  builtIn: z.boolean(),
  /** An operator changed it: the start-up sync keeps its operator-owned columns. */
  edited: z.boolean(),
})
export type ModuleRow = z.infer<typeof moduleRow>

export const moduleListRequest = z.strictObject({})

/** Categories an operator may create: a group to arrange pages in, or an entry of a screen. */
export const MODULE_CATEGORIES = ['group', 'page'] as const

export const moduleSave = z.strictObject({
  id: id().optional(),
  nameEn: text(),
  nameZh: text(),
  icon: optionalText(50),
  url: optionalText(200),
  parentId: id().nullable().default(null),
  position: z.union([z.literal(1), z.literal(2)]),
  seq: int(0, 9999),
  category: z.enum(MODULE_CATEGORIES).optional(),
  isHidden: z.boolean().default(false),
  disabled: z.boolean().default(false),
  headerShow: z.boolean().default(true),
  breadcrumbShow: z.boolean().default(true),
})
export type ModuleSave = z.infer<typeof moduleSave>

export const idsRequest = z.strictObject({ ids: z.array(id()).min(1).max(100) })

export const buttonRow = z.object({
  id: z.number().int(),
  code: z.string(),
  menuId: z.number().int(),
  /** The screen's route name. */
  screen: z.string(),
  language: labels,
  /** Route names this button opens, comma separated (spec §3 Button.menuRouterList). */
  menuRouterList: z.string(),
  edited: z.boolean(),
})
export type ButtonRow = z.infer<typeof buttonRow>

export const buttonSave = z.strictObject({ id: id(), nameEn: text(), nameZh: text() })

/** A devops module and the roles that hold it (devops-module-list). */
export const devopsModuleRow = moduleRow.extend({
  roles: z.array(z.object({ id: z.number().int(), name: z.string() })),
})
export type DevopsModuleRow = z.infer<typeof devopsModuleRow>

export const devopsModuleSave = z.strictObject({
  id: id(),
  nameEn: text(),
  nameZh: text(),
  seq: int(0, 9999),
  disabled: z.boolean().default(false),
})

export const roleDevopsRequest = z.strictObject({ roleId: id().optional() })

/** role-devops-module-saveinfo: every role (to choose one) and, for the chosen one, what it holds. */
export const roleDevopsData = z.object({
  roles: z.array(z.object({ id: z.number().int(), name: z.string() })),
  roleId: z.number().int().nullable(),
  modules: z.array(
    z.object({ id: z.number().int(), name: z.string(), language: labels, held: z.boolean() }),
  ),
})
export type RoleDevopsData = z.infer<typeof roleDevopsData>

export const roleDevopsSave = z.strictObject({
  roleId: id(),
  menuIds: z.array(id()).max(100),
})
