import type { Context } from 'hono'
import type { z } from '@hono/zod-openapi'
import { and, eq, inArray, ne } from 'drizzle-orm'
import { audit } from '../../audit'
import { parameters } from '../../db/schema'
import { isUniqueViolation } from '../../db/uniqueViolation'
import type { AppEnv } from '../../http/context'
import { BizError } from '../../http/errors'
import { fieldRefusal } from '../../http/refusals'
import { ParamRules } from './rules'
import type { ParamRow, ParamSaveRequest } from './schemas'

type Ctx = Context<AppEnv>

export async function getParam(c: Ctx, id: number): Promise<ParamRow> {
  const [row] = await c.var.deps.db.select().from(parameters).where(eq(parameters.id, id))
  if (!row) throw new BizError(ParamRules.notFound)
  return row
}

const duplicateName = (c: Ctx, name: string) =>
  fieldRefusal(c, ParamRules.duplicateName, 'name', 'validation:duplicate', { name })

/** Creates (always editable) or updates a parameter; built-in ones (editable=false) are refused. */
export async function saveParam(
  c: Ctx,
  input: z.infer<typeof ParamSaveRequest>,
): Promise<ParamRow> {
  const { id, ...fields } = input
  const now = c.var.deps.clock.now()
  try {
    return await c.var.deps.db.transaction(async (tx) => {
      if (id) {
        const [current] = await tx
          .select()
          .from(parameters)
          .where(eq(parameters.id, id))
          .for('update')
        if (!current) throw new BizError(ParamRules.notFound)
        if (!current.editable) throw new BizError(ParamRules.notEditable, { name: current.name })
      }
      const [clash] = await tx
        .select({ id: parameters.id })
        .from(parameters)
        .where(and(eq(parameters.name, fields.name), id ? ne(parameters.id, id) : undefined))
      if (clash) throw duplicateName(c, fields.name)

      const [row] = id
        ? await tx
            .update(parameters)
            .set({ ...fields, updatedAt: now })
            .where(eq(parameters.id, id))
            .returning()
        : await tx
            .insert(parameters)
            .values({ ...fields, editable: true, createdAt: now, updatedAt: now })
            .returning()
      await audit(
        c,
        { action: id ? 'param.update' : 'param.create', target: `param:${row.id}`, detail: fields },
        tx,
      )
      return row
    })
  } catch (e) {
    if (isUniqueViolation(e, 'parameters_name_unique')) throw duplicateName(c, fields.name)
    throw e
  }
}

/** Deletes the parameters; nothing is deleted when one is missing or built in. */
export async function deleteParams(c: Ctx, ids: number[]): Promise<number> {
  const unique = [...new Set(ids)]
  return c.var.deps.db.transaction(async (tx) => {
    const found = await tx
      .select()
      .from(parameters)
      .where(inArray(parameters.id, unique))
      .for('update')
    if (found.length !== unique.length) throw new BizError(ParamRules.notFound)
    const fixed = found.find((p) => !p.editable)
    if (fixed) throw new BizError(ParamRules.notEditable, { name: fixed.name })
    await tx.delete(parameters).where(inArray(parameters.id, unique))
    await audit(
      c,
      {
        action: 'param.delete',
        target: unique.map((i) => `param:${i}`).join(','),
        detail: { names: found.map((p) => p.name) },
      },
      tx,
    )
    return found.length
  })
}
