import { devopsRequest, devopsSummary } from '../../../src/resources/devops'
import { PLATFORM_ADMIN } from '../../auth/permissions'
import { action } from '../../http/action'
import type { AdminApp } from '../../http/context'
import { ok } from '../../http/respond'
import { devopsSummary as summarise } from './service'

/** devops-index: how the platform runs, for platform administrators only. */
export function registerDevops(app: AdminApp) {
  app.openapi(
    action({
      path: '/dashboard/devops',
      tag: 'dashboard',
      summary:
        'How the platform runs over the last hour: database round-trip latency, pending work ' +
        'per job queue, webhook deliveries refused, success rate and latency of each channel ' +
        'operation, and error rate by route (platform administrators only); a section the ' +
        'role does not hold (devops module) is null',
      permission: PLATFORM_ADMIN,
      body: devopsRequest.openapi('DevopsRequest'),
      data: devopsSummary.openapi('DevopsSummary'),
    }),
    async (c) => ok(c, await summarise(c.var.deps, c.var.actor.menus)),
  )
}
