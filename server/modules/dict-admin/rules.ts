import { rule } from '../../http/errors'

/** Business codes of dictionaries and their values: 1200–1299. */
export const DictRules = {
  duplicateCode: rule(1201, 'refusals:dict.duplicateCode'),
  notFound: rule(1202, 'refusals:dict.notFound', 404),
  valueNotFound: rule(1203, 'refusals:dict.valueNotFound', 404),
  duplicateValueCode: rule(1204, 'refusals:dict.duplicateValueCode'),
  parentNotFound: rule(1205, 'refusals:dict.parentNotFound'),
  parentCycle: rule(1206, 'refusals:dict.parentCycle'),
  valueHasChildren: rule(1207, 'refusals:dict.valueHasChildren'),
  valueMoved: rule(1208, 'refusals:dict.valueMoved'),
} as const
