import { z } from 'zod'
import { id, int, text } from '../lib/validators'

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
