import { z } from '@hono/zod-openapi'
import { count, sql } from 'drizzle-orm'
import { screenByName } from '../../../src/lib/screens'
import { DEVOPS_GRANT_COLUMNS, devopsGrants } from '../../../src/resources/devopsGrants'
import {
  devopsModuleRow,
  devopsModuleSave,
  moduleListRequest,
  moduleRow,
  roleDevopsData,
  roleDevopsRequest,
  roleDevopsSave,
} from '../../../src/resources/modules'
import { button, menu } from '../../auth/permissions'
import { action } from '../../http/action'
import type { AdminApp } from '../../http/context'
import { ok } from '../../http/respond'
import { roleMenus, roles, users } from '../../db/schema'
import { serviceContext } from '../../resources/context'
import { registerResource } from '../../resources/routes'
import { registerButtonResource, registerModuleResource } from './resources'
import { ModuleRules } from './rules'
import { listDevopsModules, roleDevops, saveDevopsModule, saveRoleDevops } from './service'

const TAG = 'modules'
const R = ModuleRules

/**
 * module-management and button-management (the resource kit: ./resources.ts) and the devops
 * modules (docs/menus-and-permissions.md, "Modules and buttons" and "Devops modules").
 */
export function registerModules(app: AdminApp) {
  registerModuleResource(app)
  registerButtonResource(app)
  registerDevopsModules(app)
}

function registerDevopsModules(app: AdminApp) {
  app.openapi(
    action({
      path: '/devops/module/list',
      tag: TAG,
      summary: 'The devops modules (dashboard sections and operations pages) and who holds each',
      permission: menu('devops-module-list'),
      body: moduleListRequest,
      data: z.array(devopsModuleRow.openapi('DevopsModule')),
    }),
    async (c) => ok(c, await listDevopsModules(serviceContext(c))),
  )
  app.openapi(
    action({
      path: '/devops/module/save',
      tag: TAG,
      summary: "A devops module's names, order and disabled flag",
      permission: button('devops-module-list:edit'),
      body: devopsModuleSave.openapi('DevopsModuleSaveRequest'),
      data: moduleRow,
      rules: [R.notFound, R.notDevops],
    }),
    async (c) => ok(c, await saveDevopsModule(serviceContext(c), c.req.valid('json'))),
  )
  app.openapi(
    action({
      path: '/devops/module/role',
      tag: TAG,
      summary: 'Every role, and the devops modules the chosen role holds',
      permission: menu('role-devops-module-saveinfo'),
      body: roleDevopsRequest.openapi('RoleDevopsRequest'),
      data: roleDevopsData.openapi('RoleDevops'),
      rules: [R.roleNotFound],
    }),
    async (c) => ok(c, await roleDevops(serviceContext(c), c.req.valid('json').roleId)),
  )
  app.openapi(
    action({
      path: '/devops/module/role/save',
      tag: TAG,
      summary: 'Set exactly which devops modules a role holds',
      permission: button('devops-module-management:grant'),
      body: roleDevopsSave.openapi('RoleDevopsSaveRequest'),
      data: roleDevopsData,
      rules: [R.roleNotFound, R.notDevops],
    }),
    async (c) => ok(c, await saveRoleDevops(serviceContext(c), c.req.valid('json'))),
  )
  registerDevopsGrants(app)
}

/** Whether the listed role holds a devops module (its menu id is the registry's). */
const holds = (name: keyof typeof DEVOPS_GRANT_COLUMNS) =>
  sql<boolean>`exists (select 1 from ${roleMenus} where ${roleMenus.roleId} = ${roles.id} and ${
    roleMenus.menuId
  } = ${screenByName.get(DEVOPS_GRANT_COLUMNS[name])!.id})`

/** devops-module-management: every role and the devops modules it holds (list and export). */
function registerDevopsGrants(app: AdminApp) {
  registerResource(
    app,
    devopsGrants,
    {
      table: roles,
      id: roles.id,
      fields: {
        id: roles.id,
        name: roles.name,
        userCount: sql<number>`(select ${count()} from ${users} where ${users.roleId} = ${roles.id})`,
        database: holds('database'),
        queues: holds('queues'),
        webhooks: holds('webhooks'),
        channels: holds('channels'),
        routes: holds('routes'),
        information: holds('information'),
      },
      toRow: (r) => {
        const flags = {
          database: r.database,
          queues: r.queues,
          webhooks: r.webhooks,
          channels: r.channels,
          routes: r.routes,
          information: r.information,
        }
        return {
          id: r.id,
          name: r.name,
          userCount: Number(r.userCount),
          held: Object.values(flags).filter(Boolean).length,
          ...flags,
        }
      },
      // Platform administrators only (the screen is platformAdminOnly): every role.
      scope: 'platform-only',
      audit: 'role',
      rules: { notFound: R.roleNotFound },
    },
    ['list', 'export'],
  )
}
