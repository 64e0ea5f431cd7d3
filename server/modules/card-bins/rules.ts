import { rule } from '../../http/errors'

/** Business codes of card BINs: 3001–3009 (cards take 3001–3029). */
export const CardBinRules = {
  duplicate: rule(3001, 'errors:cardBin.duplicate'),
  notFound: rule(3002, 'errors:cardBin.notFound', 404),
  channelNotFound: rule(3003, 'errors:cardBin.channelNotFound'),
  assigned: rule(3004, 'errors:cardBin.assigned'),
  assigneeNotFound: rule(3005, 'errors:cardBin.assigneeNotFound'),
  unknownRegion: rule(3006, 'errors:cardBin.unknownRegion'),
} as const
