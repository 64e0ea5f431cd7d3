import { availableBalance } from '../../ledger/postings'
import { merchantBalance } from '../../ledger/accounts'
import type { Actor } from '../../auth/actor'
import { reachOf, requireMerchant } from '../../auth/scope'
import { BizError } from '../../http/errors'
import { iso } from '../../http/wire'
import type { ServiceContext } from '../../resources/context'
import { creationBounds } from './params'
import { assignedBins, cancellationReturn, cardholderNames, statusChanges } from './queries'
import { CardRules } from './rules'

/**
 * What the create form offers for a merchant: its BINs, its cardholders, its balances'
 * available amounts and the configured minimum validity and top-up.
 */
export async function createOptions(ctx: ServiceContext & { actor: Actor }, merchantId: number) {
  const { db } = ctx
  const merchant = await requireMerchant(
    db,
    await reachOf(db, ctx.actor),
    merchantId,
    () => new BizError(CardRules.merchantNotFound),
  )
  const bins = await assignedBins(db, merchant)
  const holders = await cardholderNames(db, merchant.id)
  const balances = []
  for (const currency of [...new Set(bins.map((b) => b.currency))]) {
    const a = await merchantBalance(db, merchant.id, currency)
    balances.push({ currency, available: a ? availableBalance(a) : 0 })
  }
  return {
    bins,
    cardholders: holders.map((h) => ({
      id: h.id,
      name: `${h.firstName} ${h.lastName}`,
      isDefault: h.isDefault,
    })),
    balances,
    ...(await creationBounds(db)),
  }
}

/**
 * A card's status changes, oldest first; an approved cancellation says what went back to the
 * merchant. The caller has checked the card is within reach.
 */
export async function cardHistory(ctx: ServiceContext, cardId: number) {
  const rows = await statusChanges(ctx.db, cardId)
  const returned = await cancellationReturn(ctx.db, cardId)
  return rows.map((r) => ({
    ...r,
    actorName: r.actorName ?? null,
    createdAt: iso(r.createdAt),
    returned: r.event === 'APPROVE_CANCEL' ? returned : null,
  }))
}
