import { rule } from '../../http/errors'

/** Business codes of card BINs: 3001–3009 (cards take 3001–3029). */
export const CardBinRules = {
  duplicate: rule(3001, 'refusals:cardBin.duplicate'),
  notFound: rule(3002, 'refusals:cardBin.notFound', 404),
  channelNotFound: rule(3003, 'refusals:cardBin.channelNotFound'),
  assigned: rule(3004, 'refusals:cardBin.assigned'),
  assigneeNotFound: rule(3005, 'refusals:cardBin.assigneeNotFound'),
  unknownRegion: rule(3006, 'refusals:cardBin.unknownRegion'),
} as const
