import { z } from '@hono/zod-openapi'
import { text, textarea } from '../../../src/lib/validators'
import { parameters } from '../../db/schema'
import { contains, defineList, flag, iso } from '../../http/list'

export const paramList = defineList({
  table: parameters,
  sortable: { name: parameters.name, createdAt: parameters.createdAt },
  defaultSort: { field: 'name', order: 'asc' },
  tiebreak: parameters.id,
  filters: { name: contains(parameters.name), active: flag(parameters.active) },
})

export const ParamListRequest = paramList.request.openapi('ParameterListRequest')

export const Param = z
  .object({
    id: z.number().int(),
    name: z.string(),
    value: z.string(),
    description: z.string(),
    active: z.boolean(),
    /** false: built in; the console shows it read-only and the server refuses changes. */
    editable: z.boolean(),
    createdAt: z.string().openapi({ format: 'date-time' }),
    updatedAt: z.string().openapi({ format: 'date-time' }),
  })
  .openapi('Parameter')

export const ParamSaveRequest = z
  .object({
    id: z.number().int().positive().optional(),
    name: text(),
    value: text(500),
    description: textarea(),
    active: z.boolean().default(true),
  })
  .openapi('ParameterSaveRequest')

export type ParamRow = typeof parameters.$inferSelect

export function toParam(r: ParamRow): z.infer<typeof Param> {
  return {
    id: r.id,
    name: r.name,
    value: r.value,
    description: r.description,
    active: r.active,
    editable: r.editable,
    createdAt: iso(r.createdAt),
    updatedAt: iso(r.updatedAt),
  }
}
