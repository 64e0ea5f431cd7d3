import type { TFunction } from 'i18next'
import type { CardRequestRow } from '../../resources/cardRequests'

/**
 * Why the signed-in user may not review `row`, or undefined when they may: a request already
 * decided, or one they made themselves (maker ≠ checker: the server answers 2013). The review
 * lists show the requester by login name, the name the browser keeps for the signed-in user
 * (`readUser().userName`), so the console tells before the server has to refuse.
 */
export function reviewRefusal(
  row: Pick<CardRequestRow, 'status' | 'requesterName'>,
  me: string | undefined,
  t: TFunction<['cardOps', 'refusals']>,
): string | undefined {
  if (row.status !== 'pending') return t('refusals:cardOps.requestReviewed')
  if (me && row.requesterName === me) return t('refusals:reviews.ownRequest')
  return undefined
}
