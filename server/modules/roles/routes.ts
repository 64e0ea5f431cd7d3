import { z } from '@hono/zod-openapi'
import { count, eq, getTableColumns, sql } from 'drizzle-orm'
import { roles as definition, RoleDetail, RolePreview } from '../../../src/resources/roles'
import { button, menu } from '../../auth/permissions'
import { companies, roles, users } from '../../db/schema'
import { action } from '../../http/action'
import type { AdminApp } from '../../http/context'
import { CommonRules } from '../../http/errors'
import { ok } from '../../http/respond'
import { IdsRequest, iso } from '../../http/wire'
import { serviceContext } from '../../resources/context'
import { registerResource } from '../../resources/routes'
import { visibleRoles } from './queries'
import { RoleRules } from './rules'
import { detail, grantTree, preview, remove, save } from './service'

const TAG = 'role'
const view = menu('role-management')
const SaveBody = z.object(definition.save.shape).openapi('RoleSaveRequest')
const RoleIdBody = z.object({ roleId: z.number().int().positive() })
const saveRules = [
  CommonRules.viewOnly,
  RoleRules.notFound,
  RoleRules.duplicateName,
  RoleRules.noMenus,
  RoleRules.beyondOwn,
  RoleRules.platformAdminOnly,
  RoleRules.platformAdminCore,
  RoleRules.halfGrant,
  RoleRules.heldByWider,
]
const GrantButton = z.object({
  id: z.number().int(),
  code: z.string(),
  label: z.string(),
  grantable: z.boolean(),
  opens: z.array(z.string()),
})
const GrantMenuSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    parentId: z.number().int().nullable(),
    label: z.string(),
    grantable: z.boolean(),
    buttons: z.array(GrantButton),
  })
  .openapi('RoleGrantMenu')

/**
 * Roles (role-management): the list and export are the resource kit's; save, detail, delete,
 * the preview of a save and the permission tree keep the role's own shapes (docs/menus-and-permissions.md).
 */
export function registerRoles(app: AdminApp) {
  const t = roles
  registerResource(
    app,
    definition,
    {
      table: t,
      id: t.id,
      fields: {
        ...getTableColumns(t),
        companyName: companies.name,
        userCount: sql<number>`(select ${count()} from ${users} where ${users.roleId} = ${t.id})`,
      },
      join: (q) => q.leftJoin(companies, eq(companies.id, t.companyId)),
      joinsForDisplayOnly: true,
      columns: { allMerchants: t.allMerchantAccess },
      toRow: (r) => ({
        id: r.id,
        name: r.name,
        description: r.description,
        allMerchants: r.allMerchantAccess,
        companyId: r.companyId,
        companyName: r.companyName,
        userCount: Number(r.userCount),
        createdAt: iso(r.createdAt),
      }),
      scope: (reach, ctx) => visibleRoles(reach, ctx.actor),
      audit: 'role',
      rules: { notFound: RoleRules.notFound },
    },
    ['list', 'export'],
  )

  app.openapi(
    action({
      path: '/role/detail',
      tag: TAG,
      summary:
        'One role as its form edits it: its grants by id, and whether the caller may change it',
      permission: view,
      body: RoleIdBody,
      data: z.object(RoleDetail.shape).openapi('RoleDetail'),
      rules: [RoleRules.notFound],
    }),
    async (c) => ok(c, await detail(serviceContext(c), c.req.valid('json').roleId)),
  )

  app.openapi(
    action({
      path: '/role/save',
      tag: TAG,
      summary:
        'Create (no roleId: button role-management:add) or update (role-management:edit) a role and its grants',
      permission: view,
      body: SaveBody,
      data: z.object({ roleId: z.number().int() }),
      rules: saveRules,
    }),
    async (c) => ok(c, await save(serviceContext(c), c.req.valid('json'))),
  )

  app.openapi(
    action({
      path: '/role/preview',
      tag: TAG,
      summary:
        'What a save would change (menus and buttons added and removed, by label) and how many administrators hold the role; writes nothing',
      permission: view,
      body: SaveBody,
      data: z.object(RolePreview.shape).openapi('RolePreview'),
      rules: saveRules,
    }),
    async (c) => ok(c, await preview(serviceContext(c), c.req.valid('json'))),
  )

  app.openapi(
    action({
      path: '/role/delete',
      tag: TAG,
      summary: 'Delete roles: all of them or none; a role an administrator holds is refused',
      permission: button('role-management:delete'),
      body: IdsRequest,
      data: z.object({ deleted: z.number().int() }),
      rules: [CommonRules.viewOnly, RoleRules.notFound, RoleRules.inUse],
    }),
    async (c) => ok(c, { deleted: await remove(serviceContext(c), c.req.valid('json').ids) }),
  )

  app.openapi(
    action({
      path: '/role/tree',
      tag: TAG,
      summary:
        "The permission tree: every menu with its buttons, labelled in the caller's language, each marked grantable or not for this role",
      permission: view,
      body: z.object({ roleId: z.number().int().positive().optional() }),
      data: z.array(GrantMenuSchema),
      rules: [RoleRules.notFound],
    }),
    async (c) => ok(c, await grantTree(serviceContext(c), c.req.valid('json').roleId)),
  )
}
