import type { AdminApp } from '../../http/context'
import { registerDictRoutes } from './dicts.routes'
import { registerDictValueRoutes } from './values.routes'

/** Dictionaries (dict-management) and their values (dict-dt-management). */
export function registerDictAdmin(app: AdminApp) {
  registerDictRoutes(app)
  registerDictValueRoutes(app)
}
