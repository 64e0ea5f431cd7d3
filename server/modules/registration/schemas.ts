/** Still waiting for a decision: a second registration for the same e-mail is refused. */
export const PENDING_STATUSES = ['submitted', 'awaiting_approval'] as const
