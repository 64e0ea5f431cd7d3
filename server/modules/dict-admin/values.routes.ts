import { and, eq, getTableColumns, inArray, ne, notInArray } from 'drizzle-orm'
import { dictValues } from '../../../src/resources/dictionaries'
import type { Db } from '../../db/client'
import { dictDetails, dicts } from '../../db/schema'
import { isUniqueViolation } from '../../db/uniqueViolation'
import type { AdminApp } from '../../http/context'
import { BizError } from '../../http/errors'
import { iso } from '../../http/wire'
import { fieldRefusal } from '../../http/refusals'
import type { ServiceContext } from '../../resources/context'
import { registerResource } from '../../resources/routes'
import { DictRules } from './rules'

/** Parent chains are short; this only stops a walk through data corrupted into a loop. */
const MAX_DEPTH = 100

async function requireDict(db: Db, dictId: number, lock = false): Promise<void> {
  const q = db.select({ id: dicts.id }).from(dicts).where(eq(dicts.id, dictId))
  const [row] = lock ? await q.for('update') : await q
  if (!row) throw new BizError(DictRules.notFound)
}

const refuse = (
  ctx: ServiceContext,
  rule: (typeof DictRules)[keyof typeof DictRules],
  field: string,
) => fieldRefusal(ctx, rule, field, rule.key)

const duplicateCode = (ctx: ServiceContext, code: string) =>
  fieldRefusal(ctx, DictRules.duplicateValueCode, 'code', 'validation:duplicate', { code })

/** The parent must exist and must not be the value itself or one of its descendants. */
async function checkParent(ctx: ServiceContext, tx: Db, id: number | undefined, parentId: number) {
  let cur: number | null = parentId
  for (let depth = 0; cur !== null && depth < MAX_DEPTH; depth++) {
    if (cur === id) throw refuse(ctx, DictRules.parentCycle, 'parentId')
    const [row] = await tx
      .select({ parentId: dictDetails.parentId })
      .from(dictDetails)
      .where(eq(dictDetails.id, cur))
    if (!row) {
      if (cur === parentId) throw refuse(ctx, DictRules.parentNotFound, 'parentId')
      return
    }
    cur = row.parentId
  }
}

/**
 * Values of one dictionary (dict-dt-management) on the resource kit. Every call names the
 * dictionary (`dictId`); codes are unique per dictionary; one default per dictionary. Saves
 * lock the dictionary row first, so saves to one dictionary run one at a time and the code
 * check and the "one default" rule cannot race.
 */
export function registerDictValueRoutes(app: AdminApp) {
  registerResource(app, dictValues, {
    table: dictDetails,
    id: dictDetails.id,
    fields: getTableColumns(dictDetails),
    columns: {
      seq: dictDetails.seq,
      code: dictDetails.code,
      name: dictDetails.name,
      createdAt: dictDetails.createdAt,
      active: dictDetails.active,
      isDefault: dictDetails.isDefault,
    },
    toRow: (r) => ({ ...r, createdAt: iso(r.createdAt), updatedAt: iso(r.updatedAt) }),
    scope: 'platform-only',
    audit: 'dict.value',
    auditTarget: 'dict-value',
    rules: {
      notFound: DictRules.valueNotFound,
      list: [DictRules.notFound],
      save: [
        DictRules.notFound,
        DictRules.duplicateValueCode,
        DictRules.parentNotFound,
        DictRules.parentCycle,
        DictRules.valueMoved,
      ],
      delete: [DictRules.valueHasChildren],
    },
    hooks: {
      parent: (body) => eq(dictDetails.dictId, body.dictId),
      beforeList: (ctx, body) => requireDict(ctx.db, body.dictId),
      lockFirst: (_ctx, tx, input) => requireDict(tx, input.dictId, true),
      async beforeSave(ctx, tx, input, current) {
        if (current && current.dictId !== input.dictId) {
          throw refuse(ctx, DictRules.valueMoved, 'dictId')
        }
        const [clash] = await tx
          .select({ id: dictDetails.id })
          .from(dictDetails)
          .where(
            and(
              eq(dictDetails.dictId, input.dictId),
              eq(dictDetails.code, input.code),
              current && ne(dictDetails.id, current.id),
            ),
          )
        if (clash) throw duplicateCode(ctx, input.code)
        if (input.parentId !== null) await checkParent(ctx, tx, current?.id, input.parentId)
        if (input.isDefault) {
          await tx
            .update(dictDetails)
            .set({ isDefault: false, updatedAt: ctx.clock.now() })
            .where(
              and(
                eq(dictDetails.dictId, input.dictId),
                eq(dictDetails.isDefault, true),
                current && ne(dictDetails.id, current.id),
              ),
            )
        }
      },
      // A value still the parent of a value that stays cannot go.
      async beforeDelete(_ctx, tx, rows) {
        const ids = rows.map((r) => r.id)
        const [child] = await tx
          .select({ id: dictDetails.id })
          .from(dictDetails)
          .where(and(inArray(dictDetails.parentId, ids), notInArray(dictDetails.id, ids)))
          .limit(1)
        if (child) throw new BizError(DictRules.valueHasChildren)
      },
      conflict: (ctx, e, input) =>
        isUniqueViolation(e, 'dict_details_dict_code') ? duplicateCode(ctx, input.code) : undefined,
    },
  })
}
