import type { Context } from 'hono'
import { SESSION } from '../../auth/permissions'
import { action } from '../../http/action'
import type { AdminApp, AppEnv } from '../../http/context'
import { ok } from '../../http/respond'
import { serviceContext } from '../../resources/context'
import { Draft, DraftDeleted, DraftKey, DraftOrNone, DraftSaveRequest } from './schemas'
import { deleteDraft, getDraft, saveDraft } from './service'

const mine = (c: Context<AppEnv>) => ({ ...serviceContext(c), actor: c.var.actor })

/**
 * Wizard drafts of the signed-in user (docs/wizard.md): one per wizard, kept on the server so
 * a half-filled wizard survives a reload, another browser and signing out.
 */
export function registerDrafts(app: AdminApp) {
  app.openapi(
    action({
      path: '/draft/get',
      tag: 'draft',
      summary: "The caller's draft of a wizard, or null",
      permission: SESSION,
      body: DraftKey,
      data: DraftOrNone,
    }),
    async (c) => ok(c, await getDraft(mine(c), c.req.valid('json').wizard)),
  )

  app.openapi(
    action({
      path: '/draft/save',
      tag: 'draft',
      summary: "Keep the caller's draft of a wizard (replaces the previous one; at most 16 KB)",
      permission: SESSION,
      body: DraftSaveRequest,
      data: Draft,
    }),
    async (c) => ok(c, await saveDraft(mine(c), c.req.valid('json'))),
  )

  app.openapi(
    action({
      path: '/draft/delete',
      tag: 'draft',
      summary: "Remove the caller's draft of a wizard (after submitting or starting over)",
      permission: SESSION,
      body: DraftKey,
      data: DraftDeleted,
    }),
    async (c) => ok(c, await deleteDraft(mine(c), c.req.valid('json').wizard)),
  )
}
