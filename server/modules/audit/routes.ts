import { getTableColumns, like } from 'drizzle-orm'
import { auditEntries } from '../../../src/resources/audit'
import { changesText } from '../../../src/lib/auditChanges'
import { parseAuditTarget } from '../../../src/lib/auditTargets'
import { menu } from '../../auth/permissions'
import { auditLog } from '../../db/schema'
import { action } from '../../http/action'
import { CommonRules } from '../../http/errors'
import type { AdminApp } from '../../http/context'
import { ok } from '../../http/respond'
import { iso } from '../../http/wire'
import { serviceContext } from '../../resources/context'
import { registerResource } from '../../resources/routes'
import { auditScope } from './queries'
import { UserRights, UserRightsRequest } from './schemas'
import { userRights } from './service'

/** `%` and `_` of a typed value matched literally in LIKE. */
const literal = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`)

/**
 * The audit log (audit-log): list, detail and export on the resource kit, scoped by the
 * tenancy each row was written with; and "why can this user do this?" (audit-user-rights).
 */
export function registerAudit(app: AdminApp) {
  registerResource(
    app,
    auditEntries,
    {
      table: auditLog,
      id: auditLog.id,
      fields: getTableColumns(auditLog),
      columns: {
        at: auditLog.at,
        loginName: auditLog.loginName,
        action: auditLog.action,
        objectType: auditLog.target,
        target: auditLog.target,
        outcome: auditLog.outcome,
      },
      filterConditions: {
        objectType: (v) => like(auditLog.target, `${literal(String(v))}:%`),
      },
      toRow: (r, ctx) => {
        const object = parseAuditTarget(r.target)
        return {
          id: r.id,
          at: iso(r.at),
          userId: r.userId,
          loginName: r.loginName ?? '',
          ip: r.ip ?? '',
          action: r.action,
          target: r.target,
          objectType: object?.type ?? '',
          objectId: object?.id ?? '',
          targetName: r.targetName ?? '',
          outcome: r.outcome === 'refused' ? ('refused' as const) : ('done' as const),
          changes: changesText(ctx.t, object?.type ?? '', r.detail),
          detail: r.detail,
          requestId: r.requestId ?? '',
        }
      },
      scope: auditScope,
      // Never written through the kit (no save or delete is registered).
      audit: 'param',
      rules: { notFound: CommonRules.notFound },
    },
    ['list', 'detail', 'export'],
  )

  app.openapi(
    action({
      path: '/audit/userRights',
      tag: 'audit',
      summary:
        'Why can this user do this: each menu and button a user in reach holds, the role that ' +
        'grants it, and for which merchants',
      permission: menu('audit-user-rights'),
      body: UserRightsRequest,
      data: UserRights,
      rules: [CommonRules.notFound],
    }),
    async (c) => ok(c, await userRights(serviceContext(c), c.req.valid('json').userId)),
  )
}
