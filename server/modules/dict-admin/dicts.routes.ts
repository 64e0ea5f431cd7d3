import { and, eq, getTableColumns, inArray, ne, notInArray } from 'drizzle-orm'
import { dictionaries } from '../../../src/resources/dictionaries'
import { dictDetails, dicts } from '../../db/schema'
import { isUniqueViolation } from '../../db/uniqueViolation'
import type { AdminApp } from '../../http/context'
import { BizError } from '../../http/errors'
import { iso } from '../../http/wire'
import { fieldRefusal } from '../../http/refusals'
import type { ServiceContext } from '../../resources/context'
import { registerResource } from '../../resources/routes'
import { DictRules } from './rules'

const duplicateCode = (ctx: ServiceContext, code: string) =>
  fieldRefusal(ctx, DictRules.duplicateCode, 'code', 'validation:duplicate', { code })

/** Dictionaries (dict-management) on the resource kit; codes are unique across dictionaries. */
export function registerDictRoutes(app: AdminApp) {
  registerResource(app, dictionaries, {
    table: dicts,
    id: dicts.id,
    fields: getTableColumns(dicts),
    columns: {
      code: dicts.code,
      name: dicts.name,
      type: dicts.type,
      active: dicts.active,
      createdAt: dicts.createdAt,
    },
    toRow: (r) => ({ ...r, createdAt: iso(r.createdAt), updatedAt: iso(r.updatedAt) }),
    scope: 'platform-only',
    audit: 'dict',
    rules: {
      notFound: DictRules.notFound,
      save: [DictRules.duplicateCode],
      delete: [DictRules.valueHasChildren],
    },
    hooks: {
      async beforeSave(ctx, tx, input, current) {
        const [clash] = await tx
          .select({ id: dicts.id })
          .from(dicts)
          .where(and(eq(dicts.code, input.code), current && ne(dicts.id, current.id)))
        if (clash) throw duplicateCode(ctx, input.code)
      },
      // Values go with their dictionary, unless one is the parent of a value elsewhere.
      async beforeDelete(_ctx, tx, rows) {
        const ids = rows.map((r) => r.id)
        const values = tx
          .select({ id: dictDetails.id })
          .from(dictDetails)
          .where(inArray(dictDetails.dictId, ids))
        const [outsideChild] = await tx
          .select({ id: dictDetails.id })
          .from(dictDetails)
          .where(and(inArray(dictDetails.parentId, values), notInArray(dictDetails.dictId, ids)))
          .limit(1)
        if (outsideChild) throw new BizError(DictRules.valueHasChildren)
        // One statement: parent links among the deleted values are checked at its end.
        await tx.delete(dictDetails).where(inArray(dictDetails.dictId, ids))
      },
      // Two saves of the same new code at once: the constraint decides, the answer is the same.
      conflict: (ctx, e, input) =>
        isUniqueViolation(e, 'dicts_code_unique') ? duplicateCode(ctx, input.code) : undefined,
    },
  })
}
