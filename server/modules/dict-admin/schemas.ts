import { z } from '@hono/zod-openapi'
import { optionalText, text, textarea } from '../../../src/lib/validators'
import { dictDetails, dicts } from '../../db/schema'
import { contains, defineList, exact, flag, iso } from '../../http/list'

export const dictList = defineList({
  table: dicts,
  sortable: { code: dicts.code, name: dicts.name, createdAt: dicts.createdAt },
  defaultSort: { field: 'code', order: 'asc' },
  tiebreak: dicts.id,
  filters: {
    code: contains(dicts.code),
    name: contains(dicts.name),
    type: exact(dicts.type),
    active: flag(dicts.active),
  },
})

export const DictListRequest = dictList.request.openapi('DictListRequest')

export const Dict = z
  .object({
    id: z.number().int(),
    code: z.string(),
    name: z.string(),
    type: z.string(),
    remark: z.string(),
    active: z.boolean(),
    loading: z.boolean(),
    createdAt: z.string().openapi({ format: 'date-time' }),
    updatedAt: z.string().openapi({ format: 'date-time' }),
  })
  .openapi('Dict')

export const DictSaveRequest = z
  .object({
    /** Absent: create (button dict-management:add). Present: update (dict-management:edit). */
    id: z.number().int().positive().optional(),
    code: text(),
    name: text(),
    type: optionalText(),
    remark: textarea(),
    active: z.boolean().default(true),
    loading: z.boolean().default(false),
  })
  .openapi('DictSaveRequest')

export const dictValueList = defineList({
  table: dictDetails,
  sortable: {
    seq: dictDetails.seq,
    code: dictDetails.code,
    name: dictDetails.name,
    createdAt: dictDetails.createdAt,
  },
  defaultSort: { field: 'seq', order: 'asc' },
  tiebreak: dictDetails.id,
  filters: {
    code: contains(dictDetails.code),
    name: contains(dictDetails.name),
    active: flag(dictDetails.active),
    isDefault: flag(dictDetails.isDefault),
  },
})

export const DictValueListRequest = dictValueList.request
  .extend({ dictId: z.number().int().positive() })
  .openapi('DictValueListRequest')

export const DictValue = z
  .object({
    id: z.number().int(),
    dictId: z.number().int(),
    code: z.string(),
    name: z.string(),
    seq: z.number().int(),
    descriptor: z.string(),
    parentId: z.number().int().nullable(),
    otherText: z.string(),
    active: z.boolean(),
    isDefault: z.boolean(),
    createdAt: z.string().openapi({ format: 'date-time' }),
    updatedAt: z.string().openapi({ format: 'date-time' }),
  })
  .openapi('DictValue')

export const DictValueSaveRequest = z
  .object({
    id: z.number().int().positive().optional(),
    dictId: z.number().int().positive(),
    code: text(),
    name: text(),
    seq: z.number().int().min(0).max(999_999).default(0),
    descriptor: optionalText(),
    /** Another value (of any dictionary) this one sits under; null or absent: top level. */
    parentId: z.number().int().positive().nullable().default(null),
    otherText: optionalText(),
    active: z.boolean().default(true),
    /** Setting it clears the default of every other value of the dictionary. */
    isDefault: z.boolean().default(false),
  })
  .openapi('DictValueSaveRequest')

export type DictRow = typeof dicts.$inferSelect
export type DictValueRow = typeof dictDetails.$inferSelect

export function toDict(r: DictRow): z.infer<typeof Dict> {
  return {
    id: r.id,
    code: r.code,
    name: r.name,
    type: r.type,
    remark: r.remark,
    active: r.active,
    loading: r.loading,
    createdAt: iso(r.createdAt),
    updatedAt: iso(r.updatedAt),
  }
}

export function toDictValue(r: DictValueRow): z.infer<typeof DictValue> {
  return {
    id: r.id,
    dictId: r.dictId,
    code: r.code,
    name: r.name,
    seq: r.seq,
    descriptor: r.descriptor,
    parentId: r.parentId,
    otherText: r.otherText,
    active: r.active,
    isDefault: r.isDefault,
    createdAt: iso(r.createdAt),
    updatedAt: iso(r.updatedAt),
  }
}
