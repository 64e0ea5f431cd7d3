import { rule } from '../../http/errors'

/** Codes of modules, buttons and devops modules (1110–1129 of the menus' range 1100–1199). */
export const ModuleRules = {
  notFound: rule(1110, 'refusals:module.notFound', 404),
  builtInDelete: rule(1111, 'refusals:module.builtInDelete'),
  unknownUrl: rule(1112, 'refusals:module.unknownUrl'),
  urlTaken: rule(1113, 'refusals:module.urlTaken'),
  builtInFixed: rule(1114, 'refusals:module.builtInFixed'),
  badParent: rule(1115, 'refusals:module.badParent'),
  hasChildren: rule(1116, 'refusals:module.hasChildren'),
  buttonNotFound: rule(1117, 'refusals:module.buttonNotFound', 404),
  notDevops: rule(1118, 'refusals:module.notDevops'),
  roleNotFound: rule(1119, 'refusals:module.roleNotFound', 404),
}
