import { z } from '@hono/zod-openapi'
import { users as definition } from '../../../src/resources/users'
import { id } from '../../../src/lib/validators'
import { button, menu, PUBLIC } from '../../auth/permissions'
import { reachOf } from '../../auth/scope'
import { roles, users } from '../../db/schema'
import { action } from '../../http/action'
import type { AdminApp } from '../../http/context'
import { BizError, CommonRules } from '../../http/errors'
import { ok } from '../../http/respond'
import { serviceContext } from '../../resources/context'
import { registerResource } from '../../resources/routes'
import { AuthRules } from '../auth/rules'
import { LoginData, ResetBody } from '../auth/schemas'
import { activate } from './activation'
import {
  hasActed,
  isPlatformAdmin,
  joinUserNames,
  keepOnePlatformAdmin,
  lockPlatformRoles,
  roleById,
  userFields,
  userRow,
  userScope,
} from './queries'
import { UserRules } from './rules'
import {
  endSessions,
  lockUser,
  requireNotWider,
  resendActivation,
  roleOptions,
  saveUser,
  unlockUser,
} from './service'

const tag = 'users'
const UserIdRequest = z.object({ userId: id() }).strict().openapi('UserIdRequest')
const nothing = z.null()

/**
 * Administrators (user-management; issue 20). List, detail, delete and export are the kit's;
 * the save (`userId`), the role choices, lock, unlock, resend activation and end sessions are
 * this module's, and so is the activation link's first-time login.
 */
export function registerUsers(app: AdminApp) {
  registerResource(
    app,
    definition,
    {
      table: users,
      id: users.id,
      fields: userFields,
      join: joinUserNames,
      columns: {
        loginName: users.loginName,
        email: users.email,
        roleName: roles.name,
        companyId: users.companyId,
        merchantId: users.merchantId,
        active: users.active,
        createdAt: users.createdAt,
      },
      toRow: (r) => userRow(r as never),
      scope: userScope,
      audit: 'user',
      rules: {
        notFound: CommonRules.notFound,
        delete: [UserRules.lastPlatformAdmin, UserRules.hasHistory, UserRules.widerReach],
      },
      hooks: {
        // Taken before the rows' own locks, in the order every platform-admin check takes them.
        beforeLock: async (_ctx, tx) => lockPlatformRoles(tx),
        async beforeDelete(ctx, tx, rows) {
          // Nobody deletes an administrator who reaches more than they do (issue 25).
          const reach = await reachOf(tx, ctx.actor!)
          for (const row of rows) await requireNotWider(tx, reach, row)
          const leaving = []
          for (const row of rows) {
            if (isPlatformAdmin(row, (await roleById(tx, row.roleId))!)) leaving.push(row.id)
          }
          if (leaving.length) {
            await keepOnePlatformAdmin(tx, leaving, () => new BizError(UserRules.lastPlatformAdmin))
          }
          // Checked after the platform rule, which says more about why this one must stay.
          for (const row of rows) {
            if (await hasActed(tx, row.id)) throw new BizError(UserRules.hasHistory)
          }
        },
      },
    },
    ['list', 'detail', 'delete', 'export'],
  )
  registerUserCalls(app)
}

/** The module's own calls: save, role choices, the account actions, first-time login. */
function registerUserCalls(app: AdminApp) {
  app.openapi(
    action({
      path: '/user/save',
      tag,
      summary:
        'Create (no userId: button user-management:add; an activation mail goes to the e-mail) ' +
        'or edit (userId: user-management:edit) an administrator',
      permission: menu('user-management'),
      body: z.object(definition.save.shape).openapi('UserSaveRequest'),
      data: z.object({ userId: z.number().int() }).openapi('UserSaveAnswer'),
      rules: [CommonRules.viewOnly, CommonRules.notFound, ...Object.values(UserRules)],
    }),
    async (c) => ok(c, await saveUser(serviceContext(c), c.var.deps, c.req.valid('json') as never)),
  )

  app.openapi(
    action({
      path: '/user/roleOptions',
      tag,
      summary:
        'The roles this caller may grant (within its own rights), each with the pages it permits',
      permission: menu('user-management'),
      data: z.array(
        z
          .object({
            id: z.number().int(),
            name: z.string(),
            platformAdmin: z.boolean(),
            pages: z.array(z.string()),
          })
          .openapi('UserRoleOption'),
      ),
    }),
    async (c) => ok(c, await roleOptions(serviceContext(c))),
  )

  const oneUser = (
    path: string,
    code: 'lock' | 'unlock' | 'resend' | 'end-sessions',
    summary: string,
    rules: (typeof CommonRules.notFound)[],
  ) =>
    action({
      path,
      tag,
      summary,
      permission: button(`user-management:${code}`),
      body: UserIdRequest,
      data: code === 'unlock' ? z.object({ wasLocked: z.boolean() }) : nothing,
      rules: [CommonRules.notFound, ...rules],
    })

  app.openapi(
    oneUser(
      '/user/lock',
      'lock',
      'Lock an administrator: sign-in refused and every session ended (never the last platform administrator)',
      [UserRules.lastPlatformAdmin],
    ),
    async (c) => {
      await lockUser(serviceContext(c), c.req.valid('json').userId)
      return ok(c, null)
    },
  )
  app.openapi(
    oneUser(
      '/user/unlock',
      'unlock',
      'Unlock an administrator: lifts a lock of this screen and the five-wrong-passwords lock; audited',
      [],
    ),
    async (c) => ok(c, await unlockUser(serviceContext(c), c.req.valid('json').userId)),
  )
  app.openapi(
    oneUser(
      '/user/resendActivation',
      'resend',
      'E-mail a new activation link (earlier ones stop working); refused without an e-mail',
      [AuthRules.emailNotConfigured, UserRules.alreadyActivated],
    ),
    async (c) => {
      await resendActivation(serviceContext(c), c.var.deps, c.req.valid('json').userId)
      return ok(c, null)
    },
  )
  app.openapi(
    oneUser('/user/endSessions', 'end-sessions', 'End every session of an administrator', []),
    async (c) => {
      await endSessions(serviceContext(c), c.req.valid('json').userId)
      return ok(c, null)
    },
  )

  app.openapi(
    action({
      path: '/public/activation',
      tag,
      summary:
        'First-time login from the activation mail: spends the link, sets the password (spec §5) ' +
        'and signs in',
      permission: PUBLIC,
      body: ResetBody,
      data: LoginData,
      rules: [
        UserRules.activationLinkInvalid,
        UserRules.activationLinkExpired,
        AuthRules.addressNotAllowed,
      ],
    }),
    async (c) =>
      ok(
        c,
        await activate(
          serviceContext(c),
          c.var.deps,
          c.req.valid('json'),
          c.req.header('User-Agent'),
        ),
      ),
  )
}
