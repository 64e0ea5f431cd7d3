import { rule } from '../../http/errors'

/** Business codes of system parameters: 1300–1399. */
export const ParamRules = {
  duplicateName: rule(1301, 'refusals:param.duplicateName'),
  notFound: rule(1302, 'refusals:param.notFound', 404),
  notEditable: rule(1303, 'refusals:param.notEditable'),
} as const
