import { z } from 'zod'
import type { ScreenName } from '../lib/screens'
import { defineResource, field, filter } from './kit'

/**
 * The devops modules as columns of devops-module-management: each column's row field and the
 * module (menu) it reports. The registry owns which devops modules exist, so the columns are
 * fixed; an operator's rename (devops-module-save) shows on devops-module-list.
 */
export const DEVOPS_GRANT_COLUMNS = {
  database: 'devops-database',
  queues: 'devops-queues',
  webhooks: 'devops-webhooks',
  channels: 'devops-channels',
  routes: 'devops-routes',
  information: 'opt-information',
} as const satisfies Record<string, ScreenName>

const held = z.boolean()

/**
 * devops-module-management: every role and which devops modules it holds (docs/devops.md,
 * "Devops modules"). Read-only, list and export: a role's modules are changed on
 * role-devops-module-saveinfo (button `devops-module-management:grant`).
 */
export const devopsGrants = defineResource({
  name: 'DevopsGrant',
  api: '/devops/grant',
  screen: 'devops-module-management',
  form: 'role-devops-module-saveinfo',
  buttons: [],
  row: z.object({
    /** The role's id. */
    id: z.number().int(),
    name: z.string(),
    /** How many administrators hold the role. */
    userCount: z.number().int(),
    /** How many of the devops modules the role holds. */
    held: z.number().int(),
    database: held,
    queues: held,
    webhooks: held,
    channels: held,
    routes: held,
    information: held,
  }),
  // Nothing is saved through the kit: /devops/module/role/save changes a role's modules.
  save: z.object({ id: z.number().int().positive().optional() }),
  sortable: ['name'],
  defaultSort: { field: 'name', order: 'asc' },
  filters: { name: filter.text() },
  scope: 'platform',
  messages: 'modules:devopsGrant',
  fields: {
    name: field.text('list', 'export'),
    userCount: field.number('list', 'export'),
    held: field.number('list', 'export'),
    database: field.flag('list', 'export'),
    queues: field.flag('list', 'export'),
    webhooks: field.flag('list', 'export'),
    channels: field.flag('list', 'export'),
    routes: field.flag('list', 'export'),
    information: field.flag('list', 'export'),
  },
})
