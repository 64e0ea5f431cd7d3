import { z } from '@hono/zod-openapi'
import { count, sql } from 'drizzle-orm'
import { screenByName } from '../../../src/lib/screens'
import { DEVOPS_GRANT_COLUMNS, devopsGrants } from '../../../src/resources/devopsGrants'
import {
  buttonRow,
  buttonSave,
  devopsModuleRow,
  devopsModuleSave,
  idsRequest,
  moduleListRequest,
  moduleRow,
  moduleSave,
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
import { ModuleRules } from './rules'
import {
  deleteModules,
  listButtons,
  listDevopsModules,
  listModules,
  roleDevops,
  saveButton,
  saveDevopsModule,
  saveModule,
  saveRoleDevops,
} from './service'

const TAG = 'modules'
const R = ModuleRules

/**
 * module-management, button-management and the devops modules (docs/menus-and-permissions.md,
 * "Modules and buttons" and "Devops modules").
 */
export function registerModules(app: AdminApp) {
  app.openapi(
    action({
      path: '/module/list',
      tag: TAG,
      summary: 'Every module (menu entry), with the registry-owned and operator-owned facts',
      permission: menu('module-management'),
      body: moduleListRequest.openapi('ModuleListRequest'),
      data: z.array(moduleRow.openapi('Module')),
    }),
    async (c) => ok(c, await listModules(serviceContext(c))),
  )
  app.openapi(
    action({
      path: '/module/save',
      tag: TAG,
      summary:
        'Create a module (no id: button add) or edit one (edit); a built-in module keeps its url',
      permission: menu('module-management'),
      body: moduleSave.openapi('ModuleSaveRequest'),
      data: moduleRow,
      rules: [R.notFound, R.unknownUrl, R.urlTaken, R.builtInFixed, R.badParent],
    }),
    async (c) => ok(c, await saveModule(serviceContext(c), c.req.valid('json'))),
  )
  app.openapi(
    action({
      path: '/module/delete',
      tag: TAG,
      summary: "Delete operator modules (a built-in module can't be deleted)",
      permission: button('module-management:delete'),
      body: idsRequest.openapi('ModuleDeleteRequest'),
      data: z.object({ deleted: z.number().int() }),
      rules: [R.notFound, R.builtInDelete, R.hasChildren],
    }),
    async (c) =>
      ok(c, { deleted: await deleteModules(serviceContext(c), c.req.valid('json').ids) }),
  )
  app.openapi(
    action({
      path: '/button/list',
      tag: TAG,
      summary: 'Every button with its screen and the forms it opens (menuRouterList)',
      permission: menu('button-management'),
      body: moduleListRequest,
      data: z.array(buttonRow.openapi('Button')),
    }),
    async (c) => ok(c, await listButtons(serviceContext(c))),
  )
  app.openapi(
    action({
      path: '/button/save',
      tag: TAG,
      summary: "Rename a button in both languages (its code and forms are the registry's)",
      permission: button('button-management:edit'),
      body: buttonSave.openapi('ButtonSaveRequest'),
      data: buttonRow,
      rules: [R.buttonNotFound],
    }),
    async (c) => ok(c, await saveButton(serviceContext(c), c.req.valid('json'))),
  )
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
