import {
  systemInformation as data,
  systemInformationRequest,
} from '../../../src/resources/systemInformation'
import { menu } from '../../auth/permissions'
import { action } from '../../http/action'
import type { AdminApp } from '../../http/context'
import { ok } from '../../http/respond'
import { systemInformation } from './service'

/** opt-information: version, instances, database, queues, outbox and channels. */
export function registerSystemInformation(app: AdminApp) {
  app.openapi(
    action({
      path: '/system/information',
      tag: 'devops',
      summary:
        'The running system: version and build, every live instance (heartbeat), the ' +
        'database, job queues, the mail outbox by status and each channel',
      permission: menu('opt-information'),
      body: systemInformationRequest.openapi('SystemInformationRequest'),
      data: data.openapi('SystemInformation'),
    }),
    async (c) => ok(c, await systemInformation(c.var.deps)),
  )
}
