import { and, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm'
import { SHOWN_EXPIRED } from '../../../src/lib/cardExpiry'
import { cards } from '../../db/schema'

/**
 * "Expired" in the card list, its filter and the dashboard (src/lib/cardExpiry.ts): derived
 * from the expiry month at the server's clock, never stored. `YYYY-MM` strings compare in
 * time order.
 */
const monthOf = (at: Date) => at.toISOString().slice(0, 7)

const shownExpired = (at: Date) =>
  and(inArray(cards.status, [...SHOWN_EXPIRED]), lt(cards.expiry, monthOf(at)))!

/** The status a card is shown with at `at`: its stored status, or `expired`. */
export function shownStatus(at: Date): SQL<string> {
  return sql<string>`case when ${shownExpired(at)} then 'expired' else ${cards.status} end`
}

/**
 * The list's status filter: `expired` is the active and blocked cards past their month, and
 * `active` / `blocked` leave those out, so each card is under the one status it shows.
 */
export function statusFilter(value: unknown, at: Date): SQL {
  const status = String(value)
  if (status === 'expired') return shownExpired(at)
  if ((SHOWN_EXPIRED as readonly string[]).includes(status)) {
    return and(eq(cards.status, status), gte(cards.expiry, monthOf(at)))!
  }
  return eq(cards.status, status)
}
