import type { Context } from 'hono'
import type { z } from '@hono/zod-openapi'
import { and, eq, inArray, ne, notInArray } from 'drizzle-orm'
import { audit } from '../../audit'
import type { Db } from '../../db/client'
import { dictDetails, dicts } from '../../db/schema'
import { isUniqueViolation } from '../../db/uniqueViolation'
import type { AppEnv } from '../../http/context'
import { BizError } from '../../http/errors'
import { fieldRefusal } from '../../http/refusals'
import { DictRules } from './rules'
import type { DictValueRow, DictValueSaveRequest } from './schemas'

type Ctx = Context<AppEnv>
type SaveInput = z.infer<typeof DictValueSaveRequest>

/** Parent chains are short; this only stops a walk through data corrupted into a loop. */
const MAX_DEPTH = 100

export async function getDictValue(c: Ctx, id: number): Promise<DictValueRow> {
  const [row] = await c.var.deps.db.select().from(dictDetails).where(eq(dictDetails.id, id))
  if (!row) throw new BizError(DictRules.valueNotFound)
  return row
}

export async function requireDict(db: Db, dictId: number, lock = false): Promise<void> {
  const q = db.select({ id: dicts.id }).from(dicts).where(eq(dicts.id, dictId))
  const [row] = lock ? await q.for('update') : await q
  if (!row) throw new BizError(DictRules.notFound)
}

const duplicateCode = (c: Ctx, code: string) =>
  fieldRefusal(c, DictRules.duplicateValueCode, 'code', 'validation:duplicate', { code })

/** The parent must exist and must not be the value itself or one of its descendants. */
async function checkParent(c: Ctx, tx: Db, id: number | undefined, parentId: number) {
  let cur: number | null = parentId
  for (let depth = 0; cur !== null && depth < MAX_DEPTH; depth++) {
    if (cur === id)
      throw fieldRefusal(c, DictRules.parentCycle, 'parentId', DictRules.parentCycle.key)
    const [row] = await tx
      .select({ parentId: dictDetails.parentId })
      .from(dictDetails)
      .where(eq(dictDetails.id, cur))
    if (!row) {
      if (cur === parentId) {
        throw fieldRefusal(c, DictRules.parentNotFound, 'parentId', DictRules.parentNotFound.key)
      }
      return
    }
    cur = row.parentId
  }
}

/**
 * Creates or updates a value. The dictionary row is locked first, so saves to one dictionary
 * run one at a time: the code check and the "one default" rule cannot race.
 */
export async function saveDictValue(c: Ctx, input: SaveInput): Promise<DictValueRow> {
  const { id, ...fields } = input
  const now = c.var.deps.clock.now()
  try {
    return await c.var.deps.db.transaction(async (tx) => {
      await requireDict(tx, fields.dictId, true)
      if (id) {
        const [existing] = await tx
          .select({ dictId: dictDetails.dictId })
          .from(dictDetails)
          .where(eq(dictDetails.id, id))
        if (!existing) throw new BizError(DictRules.valueNotFound)
        if (existing.dictId !== fields.dictId) {
          throw fieldRefusal(c, DictRules.valueMoved, 'dictId', DictRules.valueMoved.key)
        }
      }
      const [clash] = await tx
        .select({ id: dictDetails.id })
        .from(dictDetails)
        .where(
          and(
            eq(dictDetails.dictId, fields.dictId),
            eq(dictDetails.code, fields.code),
            id ? ne(dictDetails.id, id) : undefined,
          ),
        )
      if (clash) throw duplicateCode(c, fields.code)
      if (fields.parentId !== null) await checkParent(c, tx, id, fields.parentId)

      if (fields.isDefault) {
        await tx
          .update(dictDetails)
          .set({ isDefault: false, updatedAt: now })
          .where(
            and(
              eq(dictDetails.dictId, fields.dictId),
              eq(dictDetails.isDefault, true),
              id ? ne(dictDetails.id, id) : undefined,
            ),
          )
      }
      let row: DictValueRow
      if (id) {
        ;[row] = await tx
          .update(dictDetails)
          .set({ ...fields, updatedAt: now })
          .where(eq(dictDetails.id, id))
          .returning()
      } else {
        ;[row] = await tx
          .insert(dictDetails)
          .values({ ...fields, createdAt: now, updatedAt: now })
          .returning()
      }
      await audit(
        c,
        {
          action: id ? 'dict.value.update' : 'dict.value.create',
          target: `dict-value:${row.id}`,
          detail: fields,
        },
        tx,
      )
      return row
    })
  } catch (e) {
    if (isUniqueViolation(e, 'dict_details_dict_code')) throw duplicateCode(c, fields.code)
    throw e
  }
}

/** Deletes the values; refused when one is missing or still the parent of a value kept. */
export async function deleteDictValues(c: Ctx, ids: number[]): Promise<number> {
  const unique = [...new Set(ids)]
  return c.var.deps.db.transaction(async (tx) => {
    const found = await tx
      .select({ id: dictDetails.id, dictId: dictDetails.dictId, code: dictDetails.code })
      .from(dictDetails)
      .where(inArray(dictDetails.id, unique))
      .for('update')
    if (found.length !== unique.length) throw new BizError(DictRules.valueNotFound)
    const [child] = await tx
      .select({ id: dictDetails.id })
      .from(dictDetails)
      .where(and(inArray(dictDetails.parentId, unique), notInArray(dictDetails.id, unique)))
      .limit(1)
    if (child) throw new BizError(DictRules.valueHasChildren)

    await tx.delete(dictDetails).where(inArray(dictDetails.id, unique))
    await audit(
      c,
      {
        action: 'dict.value.delete',
        target: unique.map((i) => `dict-value:${i}`).join(','),
        detail: { values: found.map((f) => ({ dictId: f.dictId, code: f.code })) },
      },
      tx,
    )
    return found.length
  })
}
