export { ReviewHistory, ReviewPanel, useReasonLabel } from './ReviewPanel'
export type { ReviewDecisionValues, ReviewView } from './ReviewPanel'
