import { and, asc, eq, inArray, isNull, lt } from 'drizzle-orm'
import { cardBins, cardholders, cards, channels } from '../../db/schema'
import type { Deps } from '../../deps'
import type { ScheduledJob } from '../../jobs/system'
import { askChannel } from './create'

/**
 * How long a card may wait in `creating` without the channel's acknowledgement (its
 * `cardRef`) before the request is sent again: longer than the slowest `createCard` the
 * channel parameters allow (60 s), so a request still in flight is normally not doubled (and
 * when it is, the channel answers the same card: the card id is its idempotency key).
 */
export const RESEND_AFTER_MS = 2 * 60_000
/** The schedule of the resend job: every 30 seconds. */
export const RESEND_CRON = '*/30 * * * * *'

/**
 * Cards stuck in `creating` because the process stopped between the commit that wrote them and
 * the channel's answer to `createCard` (docs/cards.md, "Creation requests never
 * acknowledged"): the request is sent again, exactly as at creation (`askChannel`). Each card
 * is claimed first by moving its `updated_at` to now in one statement (`FOR UPDATE SKIP
 * LOCKED`), so several instances never send one card's request twice in one round, and a card
 * whose channel keeps failing is tried again every RESEND_AFTER_MS. Returns how many were sent.
 */
export async function resendUnacknowledgedCreations(deps: Deps, limit = 20): Promise<number> {
  const now = deps.clock.now()
  const due = new Date(now.getTime() - RESEND_AFTER_MS)
  const claimed = await deps.db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: cards.id })
      .from(cards)
      .where(
        and(eq(cards.status, 'creating'), isNull(cards.channelCardRef), lt(cards.updatedAt, due)),
      )
      .orderBy(asc(cards.id))
      .limit(limit)
      .for('update', { skipLocked: true })
    if (rows.length === 0) return []
    return tx
      .update(cards)
      .set({ updatedAt: now })
      .where(
        inArray(
          cards.id,
          rows.map((r) => r.id),
        ),
      )
      .returning()
  })
  for (const card of claimed) {
    const [ctx] = await deps.db
      .select({ channel: channels, bin: cardBins.bin, holder: cardholders })
      .from(cards)
      .innerJoin(channels, eq(channels.id, cards.channelId))
      .innerJoin(cardBins, eq(cardBins.id, cards.cardBinId))
      .innerJoin(cardholders, eq(cardholders.id, cards.cardholderId))
      .where(eq(cards.id, card.id))
    try {
      await askChannel(deps, ctx.channel, [card], {
        bin: ctx.bin,
        cardholder: {
          firstName: ctx.holder.firstName,
          lastName: ctx.holder.lastName,
          country: ctx.holder.country,
        },
      })
      deps.log.info('card creation request sent again', { cardId: card.id })
    } catch (e) {
      // Anything but the channel's own refusal: tried again after RESEND_AFTER_MS.
      deps.log.error('card creation resend failed', {
        cardId: card.id,
        error: e instanceof Error ? e.message : String(e),
      })
    }
  }
  return claimed.length
}

/** The resend job on the job system (server/jobs): one pass per due time, cluster-wide. */
export function creationResendJob(deps: Deps): ScheduledJob {
  return {
    name: 'card-creation-resend',
    cron: RESEND_CRON,
    handler: () => resendUnacknowledgedCreations(deps),
  }
}
