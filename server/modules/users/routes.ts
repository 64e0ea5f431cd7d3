import { z } from '@hono/zod-openapi'
import { PLATFORM_ADMIN } from '../../auth/permissions'
import { action } from '../../http/action'
import type { AdminApp } from '../../http/context'
import { CommonRules } from '../../http/errors'
import { ok } from '../../http/respond'
import { id } from '../../../src/lib/validators'
import { unlockUser } from './unlock'

/**
 * Administration of users. There is no user-management screen (or button) yet, so the one call
 * here is the platform administrator's (docs/decisions.md, "Unlocking a user").
 */
export function registerUsers(app: AdminApp) {
  app.openapi(
    action({
      path: '/user/unlock',
      tag: 'users',
      summary:
        'Lift a user’s sign-in lock (five wrong passwords) and clear its failure count ' +
        '(platform administrators only; audited)',
      permission: PLATFORM_ADMIN,
      body: z.object({ userId: id() }).strict().openapi('UserUnlockRequest'),
      data: z.object({ wasLocked: z.boolean() }).openapi('UserUnlockAnswer'),
      rules: [CommonRules.notFound],
    }),
    async (c) => ok(c, await unlockUser(c, c.req.valid('json').userId)),
  )
}
