/**
 * The reason codes a reviewer picks from, per reviewed subject (docs/reviews.md). Isomorphic:
 * the server validates the accounts requests' codes with it, the console's review panel offers
 * it, labelled `review:reasons.<code>` in both languages (never the raw code). Card requests
 * use codes of the `card_block_reason` dictionary, which the server checks (3058).
 */
export const ACCOUNT_REVIEW_REASONS = [
  'verified',
  'not_received',
  'mismatch',
  'duplicate',
  'other',
] as const

export const CARD_REVIEW_REASONS = [
  'requestDeclined',
  'riskReview',
  'suspectedFraud',
  'customerRequest',
  'noLongerNeeded',
  'other',
] as const
