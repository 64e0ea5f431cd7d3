import type { Context } from 'hono'
import type { z } from '@hono/zod-openapi'
import { and, eq, inArray, ne, notInArray } from 'drizzle-orm'
import { audit } from '../../audit'
import { dictDetails, dicts } from '../../db/schema'
import { isUniqueViolation } from '../../db/uniqueViolation'
import type { AppEnv } from '../../http/context'
import { BizError } from '../../http/errors'
import { fieldRefusal } from '../../http/refusals'
import { DictRules } from './rules'
import type { DictRow, DictSaveRequest } from './schemas'

type Ctx = Context<AppEnv>

export async function getDict(c: Ctx, id: number): Promise<DictRow> {
  const [row] = await c.var.deps.db.select().from(dicts).where(eq(dicts.id, id))
  if (!row) throw new BizError(DictRules.notFound)
  return row
}

const duplicateCode = (c: Ctx, code: string) =>
  fieldRefusal(c, DictRules.duplicateCode, 'code', 'validation:duplicate', { code })

/** Creates (no id) or updates a dictionary; codes are unique across dictionaries. */
export async function saveDict(c: Ctx, input: z.infer<typeof DictSaveRequest>): Promise<DictRow> {
  const { id, ...fields } = input
  const now = c.var.deps.clock.now()
  try {
    return await c.var.deps.db.transaction(async (tx) => {
      const [clash] = await tx
        .select({ id: dicts.id })
        .from(dicts)
        .where(and(eq(dicts.code, fields.code), id ? ne(dicts.id, id) : undefined))
      if (clash) throw duplicateCode(c, fields.code)

      let row: DictRow | undefined
      if (id) {
        ;[row] = await tx
          .update(dicts)
          .set({ ...fields, updatedAt: now })
          .where(eq(dicts.id, id))
          .returning()
        if (!row) throw new BizError(DictRules.notFound)
      } else {
        ;[row] = await tx
          .insert(dicts)
          .values({ ...fields, createdAt: now, updatedAt: now })
          .returning()
      }
      await audit(
        c,
        { action: id ? 'dict.update' : 'dict.create', target: `dict:${row.id}`, detail: fields },
        tx,
      )
      return row
    })
  } catch (e) {
    // Two saves of the same new code at once: the constraint decides, the answer is the same.
    if (isUniqueViolation(e, 'dicts_code_unique')) throw duplicateCode(c, fields.code)
    throw e
  }
}

/**
 * Deletes the dictionaries and their values in one transaction. Refused, with nothing deleted,
 * when one is missing or when one of their values is the parent of a value elsewhere.
 */
export async function deleteDicts(c: Ctx, ids: number[]): Promise<number> {
  const unique = [...new Set(ids)]
  return c.var.deps.db.transaction(async (tx) => {
    const found = await tx
      .select({ id: dicts.id, code: dicts.code })
      .from(dicts)
      .where(inArray(dicts.id, unique))
      .for('update')
    if (found.length !== unique.length) throw new BizError(DictRules.notFound)

    const values = tx
      .select({ id: dictDetails.id })
      .from(dictDetails)
      .where(inArray(dictDetails.dictId, unique))
    const [outsideChild] = await tx
      .select({ id: dictDetails.id })
      .from(dictDetails)
      .where(and(inArray(dictDetails.parentId, values), notInArray(dictDetails.dictId, unique)))
      .limit(1)
    if (outsideChild) throw new BizError(DictRules.valueHasChildren)

    // One statement: parent links among the deleted values are checked at its end, not per row.
    await tx.delete(dictDetails).where(inArray(dictDetails.dictId, unique))
    await tx.delete(dicts).where(inArray(dicts.id, unique))
    await audit(
      c,
      {
        action: 'dict.delete',
        target: unique.map((i) => `dict:${i}`).join(','),
        detail: { codes: found.map((f) => f.code) },
      },
      tx,
    )
    return found.length
  })
}
