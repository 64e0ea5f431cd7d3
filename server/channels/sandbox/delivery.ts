import { and, asc, eq, inArray, isNull, lt, lte, or } from 'drizzle-orm'
import { decryptField } from '../../cards/cardData'
import { sandboxCards } from '../../db/schema'
import type { Deps } from '../../deps'
import type { ScheduledJob } from '../../jobs/system'
import type { ChannelEventOf } from '../events'
import { deliverChannelEvent } from '../transport'
import { channels } from '../../db/schema'

/** How long a claimed delivery is left to the instance that took it before another retries. */
export const CLAIM_MS = 30_000
/** After a delivery the webhook did not accept, the next try waits this long. */
export const RETRY_MS = 5_000
/** The schedule of the delivery job: every second (a creation result is due after the latency). */
export const SANDBOX_DELIVERY_CRON = '* * * * * *'

const statusAfter: Record<string, string> = {
  success: 'active',
  failed: 'failed',
  pending: 'pending',
  systemError: 'systemError',
}

/**
 * One pass: delivers every creation result whose time has come, as signed `card.creation`
 * events over the webhook. Rows are claimed first in their own short transaction (so the
 * webhook's handler, which runs in another, never waits on this one), then delivered; a
 * delivery the webhook does not accept is tried again later. Uses the injected clock: tests
 * move time and call this instead of waiting. Returns how many were accepted.
 */
export async function deliverDueCreations(
  deps: Pick<Deps, 'db' | 'clock' | 'dataKey' | 'channelTransport' | 'log'>,
  limit = 50,
): Promise<number> {
  const now = deps.clock.now()
  const claimed = await deps.db.transaction(async (tx) => {
    const due = await tx
      .select({ cardRef: sandboxCards.cardRef })
      .from(sandboxCards)
      .where(
        and(
          isNull(sandboxCards.deliveredAt),
          lte(sandboxCards.deliverAt, now),
          or(isNull(sandboxCards.claimedUntil), lt(sandboxCards.claimedUntil, now)),
        ),
      )
      .orderBy(asc(sandboxCards.deliverAt))
      .limit(limit)
      .for('update', { skipLocked: true })
    if (due.length === 0) return []
    return tx
      .update(sandboxCards)
      .set({ claimedUntil: new Date(now.getTime() + CLAIM_MS) })
      .where(
        inArray(
          sandboxCards.cardRef,
          due.map((d) => d.cardRef),
        ),
      )
      .returning()
  })
  let accepted = 0
  for (const row of claimed) {
    const [channel] = await deps.db
      .select({ code: channels.code })
      .from(channels)
      .where(eq(channels.id, row.channelId))
    const success = row.creationResult === 'success'
    const event: ChannelEventOf<'card.creation'> = {
      id: `creation-${row.cardRef}`,
      occurredAt: deps.clock.now().toISOString(),
      type: 'card.creation',
      data: {
        clientRef: row.clientRef,
        cardRef: row.cardRef,
        result: row.creationResult as ChannelEventOf<'card.creation'>['data']['result'],
        ...(success
          ? {
              number: decryptField(deps.dataKey, row.numberEnc),
              securityCode: decryptField(deps.dataKey, row.securityCodeEnc),
              expiry: row.expiry,
            }
          : {}),
      },
    }
    let ok = false
    try {
      const res = await deliverChannelEvent(deps, channel.code, event)
      ok = res.status === 200 && res.body.code === 0
      if (!ok) {
        deps.log.error('sandbox: creation result not accepted', {
          cardRef: row.cardRef,
          status: res.status,
          code: res.body.code,
        })
      }
    } catch (e) {
      // Never log the event: it carries the number.
      deps.log.error('sandbox: creation result not delivered', {
        cardRef: row.cardRef,
        error: (e as Error).message,
      })
    }
    await deps.db
      .update(sandboxCards)
      .set(
        ok
          ? { deliveredAt: deps.clock.now(), status: statusAfter[row.creationResult] }
          : {
              claimedUntil: null,
              deliverAt: new Date(deps.clock.now().getTime() + RETRY_MS),
              attempts: row.attempts + 1,
            },
      )
      .where(eq(sandboxCards.cardRef, row.cardRef))
    if (ok) accepted++
  }
  return accepted
}

/**
 * The delivery job on the job system (server/jobs): one pass per second, cluster-wide; its
 * worker polls twice a second, and the instance that sends a run's job looks at once.
 */
export function sandboxDeliveryJob(deps: Deps): ScheduledJob {
  return {
    name: 'sandbox-delivery',
    cron: SANDBOX_DELIVERY_CRON,
    pollingIntervalSeconds: 0.5,
    handler: () => deliverDueCreations(deps),
  }
}
