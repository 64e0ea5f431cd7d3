import { ChannelError, type IssuerChannel } from '../../channels/issuer'
import { issuerFor } from '../../channels/registry'
import type { Deps } from '../../deps'
import { BizError } from '../../http/errors'
import { channelOf, type CardRow } from './card'
import { CardOpsRules } from './rules'

/**
 * Calls the card's channel (`issuerFor`). A `ChannelError` becomes a clean refusal — 3059 when
 * the channel refused, 3060 when it did not answer — and the caller undoes what it prepared
 * (docs/cards.md, "Order of ledger and channel").
 */
export async function atChannel(
  deps: Deps,
  card: CardRow,
  call: (issuer: IssuerChannel, cardRef: string) => Promise<void>,
): Promise<void> {
  const channel = await channelOf(deps.db, card)
  if (!channel || !card.channelCardRef) throw new BizError(CardOpsRules.notAllowed)
  try {
    await call(issuerFor(deps, channel), card.channelCardRef)
  } catch (e) {
    if (e instanceof ChannelError) {
      throw new BizError(
        e.kind === 'refused' ? CardOpsRules.channelRefused : CardOpsRules.channelUnavailable,
      )
    }
    throw e
  }
}
