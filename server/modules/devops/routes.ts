import { DEVOPS_SECTIONS, type DevopsSection } from '../../../src/lib/screens'
import { devopsAnswers, devopsRequest } from '../../../src/resources/devops'
import { menu } from '../../auth/permissions'
import { action } from '../../http/action'
import type { AdminApp } from '../../http/context'
import { BizError, CommonRules } from '../../http/errors'
import { ok } from '../../http/respond'
import { devopsSection } from './service'

/** What each section answers, for the contract. */
const SUMMARIES: Record<DevopsSection, string> = {
  database: 'Database round-trip latency, measured now',
  queues: 'Pending, active, failed and dead-lettered work per job queue',
  webhooks: 'Webhook deliveries accepted and refused over the last hour, by channel and reason',
  channels: 'Success rate and latency of each channel operation over the last hour',
  routes: 'Requests, errors and handling time per route, and requests per minute, last hour',
}

const contractName = (s: DevopsSection) => `Devops${s[0].toUpperCase()}${s.slice(1)}`

/**
 * devops-index: one call per section, each a devops module (docs/devops.md, "Devops
 * modules"). A section the caller's role does not hold is refused like any screen not
 * granted (403), so the console asks only for the sections the menus say it holds.
 */
export function registerDevops(app: AdminApp) {
  const body = devopsRequest.openapi('DevopsRequest')
  for (const section of DEVOPS_SECTIONS) {
    app.openapi(
      action({
        path: `/dashboard/devops/${section}`,
        tag: 'dashboard',
        summary:
          `${SUMMARIES[section]} (devops-index). Platform administrators whose role holds the ` +
          `devops module devops-${section}; anyone else is refused (403)`,
        permission: menu(`devops-${section}`),
        body,
        data: devopsAnswers[section].openapi(contractName(section)),
        rules: [CommonRules.forbidden],
      }),
      async (c) => {
        // The figures are the whole platform's: a role without platform reach is refused its
        // devops modules when granted (1167); a user of a platform role placed in a company
        // still sees nothing.
        if (!c.var.actor.platformAdmin) throw new BizError(CommonRules.forbidden)
        return ok(c, await devopsSection(c.var.deps, section))
      },
    )
  }
}
