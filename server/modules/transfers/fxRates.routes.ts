import { and, eq, getTableColumns, ne } from 'drizzle-orm'
import { fxRates as definition } from '../../../src/resources/fxRates'
import { fxRates } from '../../db/schema'
import { isUniqueViolation } from '../../db/uniqueViolation'
import type { AdminApp } from '../../http/context'
import { CommonRules } from '../../http/errors'
import { iso } from '../../http/wire'
import { fieldRefusal } from '../../http/refusals'
import type { ServiceContext } from '../../resources/context'
import { registerResource } from '../../resources/routes'
import { TransferRules } from './rules'

const duplicatePair = (ctx: ServiceContext, from: string, to: string) =>
  fieldRefusal(ctx, TransferRules.duplicatePair, 'quoteCurrency', 'validation:duplicate', {
    from,
    to,
  })

/** FX rates (accounts-fx-rate) on the resource kit: platform data, one row per ordered pair. */
export function registerFxRates(app: AdminApp) {
  registerResource(app, definition, {
    table: fxRates,
    id: fxRates.id,
    fields: getTableColumns(fxRates),
    columns: {
      baseCurrency: fxRates.baseCurrency,
      quoteCurrency: fxRates.quoteCurrency,
      updatedAt: fxRates.updatedAt,
    },
    toRow: (r) => ({ ...r, createdAt: iso(r.createdAt), updatedAt: iso(r.updatedAt) }),
    scope: 'platform-only',
    audit: 'fx-rate',
    rules: {
      notFound: TransferRules.rateNotFound,
      save: [TransferRules.duplicatePair, CommonRules.invalidInput],
    },
    hooks: {
      async beforeSave(ctx, tx, input, current) {
        // The definition's refinement is not part of the request schema the contract names.
        if (input.baseCurrency === input.quoteCurrency) {
          throw fieldRefusal(ctx, CommonRules.invalidInput, 'quoteCurrency', 'validation:notSame')
        }
        const [clash] = await tx
          .select({ id: fxRates.id })
          .from(fxRates)
          .where(
            and(
              eq(fxRates.baseCurrency, input.baseCurrency),
              eq(fxRates.quoteCurrency, input.quoteCurrency),
              current && ne(fxRates.id, current.id),
            ),
          )
        if (clash) throw duplicatePair(ctx, input.baseCurrency, input.quoteCurrency)
      },
      writeValues: (ctx) => ({ updatedBy: ctx.actor?.loginName ?? '' }),
      conflict: (ctx, e, input) =>
        isUniqueViolation(e, 'fx_rates_pair_uq')
          ? duplicatePair(ctx, input.baseCurrency, input.quoteCurrency)
          : undefined,
    },
  })
}
