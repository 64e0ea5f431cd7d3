import { and, eq, getTableColumns, ne } from 'drizzle-orm'
import { parameters as definition } from '../../../src/resources/parameters'
import { parameters } from '../../db/schema'
import { isUniqueViolation } from '../../db/uniqueViolation'
import type { AdminApp } from '../../http/context'
import { BizError } from '../../http/errors'
import { iso } from '../../http/wire'
import { fieldRefusal } from '../../http/refusals'
import { registerResource } from '../../resources/routes'
import type { ServiceContext } from '../../resources/context'
import { ParamRules } from './rules'

const duplicateName = (ctx: ServiceContext, name: string) =>
  fieldRefusal(ctx, ParamRules.duplicateName, 'name', 'validation:duplicate', { name })

/** Built-in parameters (editable=false) can be read, never changed or deleted. */
const refuseBuiltIn = (p: { name: string; editable: boolean } | undefined) => {
  if (p && !p.editable) throw new BizError(ParamRules.notEditable, { name: p.name })
}

/** System parameters (parameter-management) on the resource kit. */
export function registerParam(app: AdminApp) {
  registerResource(app, definition, {
    table: parameters,
    id: parameters.id,
    fields: getTableColumns(parameters),
    columns: {
      name: parameters.name,
      createdAt: parameters.createdAt,
      active: parameters.active,
    },
    toRow: (r) => ({ ...r, createdAt: iso(r.createdAt), updatedAt: iso(r.updatedAt) }),
    scope: 'platform-only',
    audit: 'param',
    rules: {
      notFound: ParamRules.notFound,
      save: [ParamRules.duplicateName, ParamRules.notEditable],
      delete: [ParamRules.notEditable],
    },
    hooks: {
      async beforeSave(ctx, tx, input, current) {
        refuseBuiltIn(current)
        const [clash] = await tx
          .select({ id: parameters.id })
          .from(parameters)
          .where(and(eq(parameters.name, input.name), current && ne(parameters.id, current.id)))
        if (clash) throw duplicateName(ctx, input.name)
      },
      insertValues: () => ({ editable: true }),
      beforeDelete: async (_ctx, _tx, rows) => rows.forEach(refuseBuiltIn),
      conflict: (ctx, e, input) =>
        isUniqueViolation(e, 'parameters_name_unique') ? duplicateName(ctx, input.name) : undefined,
    },
  })
}
