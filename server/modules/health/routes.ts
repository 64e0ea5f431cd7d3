import { z } from '@hono/zod-openapi'
import { sql } from 'drizzle-orm'
import { PUBLIC } from '../../auth/permissions'
import { action } from '../../http/action'
import type { AdminApp } from '../../http/context'
import { ok } from '../../http/respond'

/** Liveness and database reachability, for load balancers and the start-up check. */
export function registerHealth(app: AdminApp) {
  app.openapi(
    action({
      path: '/health',
      method: 'get',
      tag: 'system',
      summary: 'Process and database health',
      permission: PUBLIC,
      data: z.object({ status: z.literal('ok') }),
    }),
    async (c) => {
      await c.var.deps.db.execute(sql`select 1`)
      return ok(c, { status: 'ok' as const })
    },
  )
}
