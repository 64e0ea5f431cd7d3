import { rule } from '../http/errors'

/**
 * The refusals every review answers alike, whatever it reviews (docs/reviews.md). 2013 was
 * the accounts requests' own-request code and stays the one code of "you cannot review your
 * own request" for every flow (3055, the card requests' former copy, is no longer answered).
 */
export const ReviewRules = {
  ownRequest: rule(2013, 'refusals:reviews.ownRequest'),
  /** A rejection says why (the machine's `hasReason`); the forms ask for it first. */
  reasonRequired: rule(2021, 'refusals:reviews.reasonRequired'),
} as const
