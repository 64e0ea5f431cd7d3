import { dashboardRequest, dashboardSummary } from '../../../src/resources/dashboard'
import { menu } from '../../auth/permissions'
import { action } from '../../http/action'
import type { AdminApp } from '../../http/context'
import { ok } from '../../http/respond'
import { serviceContext } from '../../resources/context'
import { dashboardSummary as summarise } from './service'

/** index: the dashboard's figures, each equal to what its list shows for the same filter. */
export function registerDashboard(app: AdminApp) {
  app.openapi(
    action({
      path: '/dashboard/summary',
      tag: 'dashboard',
      summary:
        'The dashboard for the caller’s reach: merchant balances converted to one currency at ' +
        'the FX table’s mid rates, cards created per day and by status, cleared spend per day, ' +
        'and the latest activities of the users in reach',
      permission: menu('index'),
      body: dashboardRequest.openapi('DashboardRequest'),
      data: dashboardSummary.openapi('DashboardSummary'),
    }),
    async (c) => ok(c, await summarise(serviceContext(c), c.req.valid('json'))),
  )
}
