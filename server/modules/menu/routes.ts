import { z } from '@hono/zod-openapi'
import type { AuditAction } from '../../../src/lib/auditActions'
import { flattenMenus, isPinnable } from '../../../src/lib/menus'
import { SESSION } from '../../auth/permissions'
import type { Db } from '../../db/client'
import { audit } from '../../audit'
import { action } from '../../http/action'
import type { AdminApp } from '../../http/context'
import { CommonRules } from '../../http/errors'
import { ok } from '../../http/respond'
import { rightsVersion } from './rightsVersion'
import { ChooseItem, MenuIdBody, MenuQueryData, RightsVersionData } from './schemas'
import {
  clearRecent,
  MenuRules,
  permittedMenus,
  pin,
  pinnedIds,
  recentIds,
  recordRecent,
  requirePinnablePage,
  unpin,
} from './service'

const TAG = 'menu'
const Done = z.object({ menuId: z.number().int() })
const pageRules = [CommonRules.forbidden, MenuRules.notPage]

/** The user's menus, buttons, pinned and recent items (spec §3, §6), persisted per user. */
export function registerMenu(app: AdminApp) {
  app.openapi(
    action({
      path: '/menu/query',
      tag: TAG,
      summary: "The user's permitted menu tree, button links, pinned and recent menus",
      permission: SESSION,
      data: MenuQueryData,
    }),
    async (c) => {
      const { db } = c.var.deps
      const actor = c.var.actor
      const { tree, buttonLinks, pinnable } = await permittedMenus(db, actor.roleId)
      return ok(c, {
        systemMenuList: tree,
        buttonLinkPageList: buttonLinks,
        pinnedList: await pinnedIds(db, actor.userId, pinnable),
        recentList: await recentIds(db, actor.userId, pinnable),
        rightsVersion: rightsVersion(actor),
      })
    },
  )

  app.openapi(
    action({
      path: '/menu/version',
      tag: TAG,
      summary:
        "The fingerprint of the caller's rights: the console polls it and asks for its menus again when it changes",
      permission: SESSION,
      data: RightsVersionData,
    }),
    (c) => ok(c, { rightsVersion: rightsVersion(c.var.actor) }),
  )

  app.openapi(
    action({
      path: '/menu/choose/query',
      tag: TAG,
      summary: 'The pages the user may pin, each with its pinned flag (the pin chooser)',
      permission: SESSION,
      data: z.array(ChooseItem),
    }),
    async (c) => {
      const { db } = c.var.deps
      const actor = c.var.actor
      const { tree, pinnable } = await permittedMenus(db, actor.roleId)
      const pinned = new Set(await pinnedIds(db, actor.userId, pinnable))
      const items = flattenMenus(tree)
        .filter(isPinnable)
        .map((m) => ({
          menuId: m.menuId,
          nameKey: m.nameKey,
          url: m.url,
          icon: m.icon,
          position: m.position,
          language: m.language,
          upId: m.upId,
          pinned: pinned.has(m.menuId),
        }))
      return ok(c, items)
    },
  )

  /** Pin, unpin and record-recent: one permitted page, one write and its audit row together. */
  const pageWrite = (
    path: string,
    summary: string,
    auditAction: AuditAction,
    write: (tx: Db, userId: number, menuId: number, now: Date) => Promise<unknown>,
  ) =>
    app.openapi(
      action({
        path,
        tag: TAG,
        summary,
        permission: SESSION,
        body: MenuIdBody,
        data: Done,
        rules: pageRules,
      }),
      async (c) => {
        const { menuId } = c.req.valid('json')
        const { db, clock } = c.var.deps
        const actor = c.var.actor
        await requirePinnablePage(db, actor, menuId)
        await db.transaction(async (tx) => {
          await write(tx as Db, actor.userId, menuId, clock.now())
          await audit(c, { action: auditAction, target: `menu:${menuId}` }, tx as Db)
        })
        return ok(c, { menuId })
      },
    )

  pageWrite('/menu/pin', 'Pins a permitted page to the menu', 'menu.pin', pin)
  pageWrite(
    '/menu/unPin',
    'Unpins a page (nothing happens when it was not pinned)',
    'menu.unpin',
    (tx, userId, menuId) => unpin(tx, userId, menuId),
  )
  pageWrite(
    '/menu/recordRecent',
    'Records a visit: the page moves to the front of the 5 most recent',
    'menu.recordRecent',
    recordRecent,
  )

  app.openapi(
    action({
      path: '/menu/clearRecent',
      tag: TAG,
      summary: "Empties the user's recent list",
      permission: SESSION,
      data: z.object({ removed: z.number().int() }),
    }),
    async (c) => {
      const { db } = c.var.deps
      const actor = c.var.actor
      const removed = await db.transaction(async (tx) => {
        const n = await clearRecent(tx, actor.userId)
        await audit(c, { action: 'menu.clearRecent', detail: { removed: n } }, tx)
        return n
      })
      return ok(c, { removed })
    },
  )
}
