import { rule } from '../../http/errors'

/** Business codes of send records: 1750–1799. */
export const SendRecordRules = {
  notFound: rule(1751, 'refusals:sendRecord.notFound', 404),
  secretGone: rule(1752, 'refusals:sendRecord.secretGone'),
  notFinished: rule(1753, 'refusals:sendRecord.notFinished'),
} as const
