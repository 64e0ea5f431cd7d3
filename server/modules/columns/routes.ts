import type { Context } from 'hono'
import { audit } from '../../audit'
import { SESSION } from '../../auth/permissions'
import type { Db } from '../../db/client'
import { action } from '../../http/action'
import type { AdminApp, AppEnv } from '../../http/context'
import { BizError, CommonRules } from '../../http/errors'
import { ok } from '../../http/respond'
import { ColumnQueryRequest, ColumnSaveRequest, ColumnSetup } from './schemas'
import { readColumns, writeColumns } from './service'

const TAG = 'column'

/**
 * The screen is in the body, so the route declares a session and checks the screen's menu
 * here: a user keeps a setup only for the lists they may open (403 otherwise, as a menu route).
 */
function requireScreen(c: Context<AppEnv>, screen: string): void {
  if (!c.var.actor.menus.has(screen)) throw new BizError(CommonRules.forbidden)
}

/** The user's column setup of each list screen (the spec's column configuration). */
export function registerColumns(app: AdminApp) {
  app.openapi(
    action({
      path: '/column/query',
      tag: TAG,
      summary:
        "The caller's columns of a list screen (order, visibility, width); empty when none " +
        "are saved. Needs the screen's menu",
      permission: SESSION,
      body: ColumnQueryRequest,
      data: ColumnSetup,
    }),
    async (c) => {
      const { screen } = c.req.valid('json')
      requireScreen(c, screen)
      const columns = await readColumns(c.var.deps.db, c.var.actor.userId, screen)
      return ok(c, { screen, columns })
    },
  )

  app.openapi(
    action({
      path: '/column/save',
      tag: TAG,
      summary:
        "Saves the caller's columns of a list screen, in display order (at most 50; widths " +
        "40 to 1200 px); an empty list forgets them. Needs the screen's menu",
      permission: SESSION,
      body: ColumnSaveRequest,
      data: ColumnSetup,
    }),
    async (c) => {
      const { screen, columns } = c.req.valid('json')
      requireScreen(c, screen)
      const { db, clock } = c.var.deps
      await db.transaction(async (tx) => {
        await writeColumns(tx as Db, c.var.actor.userId, screen, columns, clock.now())
        await audit(c, { action: 'column.save', target: `screen:${screen}` }, tx as Db)
      })
      return ok(c, { screen, columns })
    },
  )
}
