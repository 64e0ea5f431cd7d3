import { audit } from '../../audit'
import { requireHit, type Limit } from '../../auth/throttle'
import { decryptField, maskNumber } from '../../cards/cardData'
import type { Deps } from '../../deps'
import { BizError } from '../../http/errors'
import type { ServiceContext } from '../../resources/context'
import { cardInReach } from './card'
import { CardOpsRules } from './rules'

/** Reveals per user: enough to serve a cardholder on the phone, too few to harvest numbers. */
export const REVEAL_LIMIT: Limit = { name: 'card.reveal', max: 10, windowSeconds: 60 * 60 }

export interface RevealAnswer {
  id: number
  number: string
  securityCode: string
  expiry: string
}

/**
 * The clear number and security code of one card (DESIGN §9): only for a user whose
 * administrator record has the sensitive-fields toggle (`users.sensitive_visible`), on a card in
 * reach, at most REVEAL_LIMIT times per user and hour (the request_throttles table), each one
 * audited with the reason and the masked number — never the number itself.
 */
export async function reveal(
  ctx: ServiceContext,
  deps: Deps,
  input: { id: number; reason: string },
): Promise<RevealAnswer> {
  const actor = ctx.actor!
  if (!actor.sensitiveVisible) throw new BizError(CardOpsRules.sensitiveNotAllowed)
  const card = await cardInReach(ctx, input.id)
  if (!card.numberEnc || !card.securityCodeEnc) throw new BizError(CardOpsRules.noNumber)
  await requireHit(ctx.db, REVEAL_LIMIT, String(actor.userId), ctx.clock.now())
  await audit(ctx, {
    action: 'card.reveal',
    target: `card:${card.id}`,
    detail: { reason: input.reason, masked: maskNumber(card.first6, card.last4) },
  })
  return {
    id: card.id,
    number: decryptField(deps.dataKey, card.numberEnc),
    securityCode: decryptField(deps.dataKey, card.securityCodeEnc),
    expiry: card.expiry,
  }
}
