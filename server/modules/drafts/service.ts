import type { z } from '@hono/zod-openapi'
import { and, eq } from 'drizzle-orm'
import { wizardDrafts } from '../../db/schema'
import type { ServiceContext } from '../../resources/context'
import type { DraftSaveRequest } from './schemas'

/** A draft belongs to a signed-in user: the context carries its actor. */
type Ctx = ServiceContext & { actor: { userId: number } }

/** Every call is scoped to the caller: a draft is only ever its own user's. */
const mine = (c: Ctx, wizard: string) =>
  and(eq(wizardDrafts.userId, c.actor.userId), eq(wizardDrafts.wizard, wizard))

export async function getDraft(c: Ctx, wizard: string) {
  const [row] = await c.db.select().from(wizardDrafts).where(mine(c, wizard))
  if (!row) return null
  return {
    data: row.data as Record<string, unknown>,
    step: row.step,
    updatedAt: row.updatedAt.toISOString(),
  }
}

export async function saveDraft(c: Ctx, input: z.infer<typeof DraftSaveRequest>) {
  const updatedAt = c.clock.now()
  const values = { data: input.data, step: input.step, updatedAt }
  await c.db
    .insert(wizardDrafts)
    .values({ userId: c.actor.userId, wizard: input.wizard, ...values })
    .onConflictDoUpdate({ target: [wizardDrafts.userId, wizardDrafts.wizard], set: values })
  return { data: input.data, step: input.step, updatedAt: updatedAt.toISOString() }
}

export async function deleteDraft(c: Ctx, wizard: string) {
  const gone = await c.db
    .delete(wizardDrafts)
    .where(mine(c, wizard))
    .returning({ wizard: wizardDrafts.wizard })
  return { deleted: gone.length > 0 }
}
