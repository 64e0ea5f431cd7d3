import type { Context } from 'hono'
import type { z } from '@hono/zod-openapi'
import { and, eq } from 'drizzle-orm'
import { wizardDrafts } from '../../db/schema'
import type { AppEnv } from '../../http/context'
import type { DraftSaveRequest } from './schemas'

type Ctx = Context<AppEnv>

/** Every call is scoped to the caller: a draft is only ever its own user's. */
const mine = (c: Ctx, wizard: string) =>
  and(eq(wizardDrafts.userId, c.var.user.id), eq(wizardDrafts.wizard, wizard))

export async function getDraft(c: Ctx, wizard: string) {
  const [row] = await c.var.deps.db.select().from(wizardDrafts).where(mine(c, wizard))
  if (!row) return null
  return {
    data: row.data as Record<string, unknown>,
    step: row.step,
    updatedAt: row.updatedAt.toISOString(),
  }
}

export async function saveDraft(c: Ctx, input: z.infer<typeof DraftSaveRequest>) {
  const updatedAt = c.var.deps.clock.now()
  const values = { data: input.data, step: input.step, updatedAt }
  await c.var.deps.db
    .insert(wizardDrafts)
    .values({ userId: c.var.user.id, wizard: input.wizard, ...values })
    .onConflictDoUpdate({ target: [wizardDrafts.userId, wizardDrafts.wizard], set: values })
  return { data: input.data, step: input.step, updatedAt: updatedAt.toISOString() }
}

export async function deleteDraft(c: Ctx, wizard: string) {
  const gone = await c.var.deps.db
    .delete(wizardDrafts)
    .where(mine(c, wizard))
    .returning({ wizard: wizardDrafts.wizard })
  return { deleted: gone.length > 0 }
}
