import { z } from '@hono/zod-openapi'
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
import { serviceContext } from '../../resources/context'
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
      permission: button('devops-module-list:grant'),
      body: roleDevopsSave.openapi('RoleDevopsSaveRequest'),
      data: roleDevopsData,
      rules: [R.roleNotFound, R.notDevops],
    }),
    async (c) => ok(c, await saveRoleDevops(serviceContext(c), c.req.valid('json'))),
  )
}
