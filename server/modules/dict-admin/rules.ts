import { rule } from '../../http/errors'

/** Business codes of dictionaries and their values: 1200–1299. */
export const DictRules = {
  duplicateCode: rule(1201, 'errors:dict.duplicateCode'),
  notFound: rule(1202, 'errors:dict.notFound', 404),
  valueNotFound: rule(1203, 'errors:dict.valueNotFound', 404),
  duplicateValueCode: rule(1204, 'errors:dict.duplicateValueCode'),
  parentNotFound: rule(1205, 'errors:dict.parentNotFound'),
  parentCycle: rule(1206, 'errors:dict.parentCycle'),
  valueHasChildren: rule(1207, 'errors:dict.valueHasChildren'),
  valueMoved: rule(1208, 'errors:dict.valueMoved'),
} as const
