import type { Db } from '../../db/client'
import { cardStatusHistory } from '../../db/schema'
import type { Clock } from '../../deps'

/** One status change of a card; `actorUserId` null means the channel did it. */
export async function recordStatus(
  tx: Db,
  clock: Clock,
  row: {
    cardId: number
    fromStatus: string | null
    toStatus: string
    event: string
    reasonCode?: string
    note?: string
    actorUserId: number | null
  },
) {
  await tx.insert(cardStatusHistory).values({ ...row, createdAt: clock.now() })
}
