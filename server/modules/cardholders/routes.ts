import { and, eq, getTableColumns, ne } from 'drizzle-orm'
import { cardholders as definition } from '../../../src/resources/cardholders'
import { merchantScope, reachOf, reachesMerchant } from '../../auth/scope'
import { cardholders, cards, merchants } from '../../db/schema'
import type { AdminApp } from '../../http/context'
import { BizError } from '../../http/errors'
import { iso } from '../../http/wire'
import { fieldRefusal } from '../../http/refusals'
import { registerResource } from '../../resources/routes'
import { firstWithCards } from '../cards/issued'
import { CardRules } from '../cards/rules'
import { isKnownCountry, phoneAreaList, stateList } from '../common/reference'
import { CardholderRules } from './rules'

/** Cardholders (coremanagement-cardholder-management) on the resource kit, scoped by merchant. */
export function registerCardholders(app: AdminApp) {
  registerResource(app, definition, {
    table: cardholders,
    id: cardholders.id,
    fields: { ...getTableColumns(cardholders), merchantName: merchants.name },
    join: (q) => q.innerJoin(merchants, eq(merchants.id, cardholders.merchantId)),
    toRow: (r) => ({ ...r, createdAt: iso(r.createdAt), updatedAt: iso(r.updatedAt) }),
    // A merchant user: its merchant's cardholders; a company user: its subtree's merchants'.
    scope: (reach) =>
      merchantScope(reach, { merchantId: cardholders.merchantId, companyId: merchants.companyId }),
    audit: 'cardholder',
    rules: {
      notFound: CardholderRules.notFound,
      save: Object.values(CardholderRules).filter((r) => r !== CardholderRules.notFound),
      delete: [CardRules.cardholderHasCards],
    },
    hooks: {
      // A cardholder with cards keeps them (their billing address is the cardholder's).
      async beforeDelete(_ctx, tx, rows) {
        const ids = rows.map((r) => r.id)
        const used = await firstWithCards(tx, cards.cardholderId, ids)
        if (used !== undefined) {
          const holder = rows.find((r) => r.id === used)!
          throw new BizError(CardRules.cardholderHasCards, {
            name: `${holder.firstName} ${holder.lastName}`,
          })
        }
      },
      // Saves for one merchant run one at a time, so the default switch cannot interleave.
      async lockFirst(_ctx, tx, input) {
        await tx
          .select({ id: merchants.id })
          .from(merchants)
          .where(eq(merchants.id, input.merchantId))
          .for('update')
      },
      async beforeSave(ctx, tx, input, current) {
        const [merchant] = await tx
          .select({ id: merchants.id, companyId: merchants.companyId })
          .from(merchants)
          .where(eq(merchants.id, input.merchantId))
        if (!merchant || !ctx.actor || !reachesMerchant(await reachOf(tx, ctx.actor), merchant)) {
          throw fieldRefusal(
            ctx,
            CardholderRules.merchantNotFound,
            'merchantId',
            'refusals:cardholder.merchantNotFound',
          )
        }
        if (current && current.merchantId !== input.merchantId) {
          throw new BizError(CardholderRules.merchantChanged)
        }
        // The first rule the address or phone breaks, refused beside its field.
        const known = isKnownCountry(input.country)
        const states = known ? await stateList(input.country) : []
        const state = input.state
        const inCountry = (code: string) => states.some((s) => s.code === code)
        const knownArea = phoneAreaList('en-US').some((a) => a.areaCode === input.areaCode)
        const refusal = (
          [
            [!known, 'unknownCountry', 'country', 'validation:country'],
            [state === '' && states.length > 0, 'stateRequired', 'state', 'validation:required'],
            [
              state !== '' && !inCountry(state),
              'unknownState',
              'state',
              'refusals:cardholder.unknownState',
            ],
            [!knownArea, 'unknownAreaCode', 'areaCode', 'refusals:cardholder.unknownAreaCode'],
          ] as const
        ).find(([broken]) => broken)
        if (refusal) throw fieldRefusal(ctx, CardholderRules[refusal[1]], refusal[2], refusal[3])
        if (input.isDefault) {
          // One default per merchant: the new one replaces the old (the unique index holds it).
          await tx
            .update(cardholders)
            .set({ isDefault: false, updatedAt: ctx.clock.now() })
            .where(
              and(
                eq(cardholders.merchantId, input.merchantId),
                eq(cardholders.isDefault, true),
                current && ne(cardholders.id, current.id),
              ),
            )
        }
      },
    },
  })
}
