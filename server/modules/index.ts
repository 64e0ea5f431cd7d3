import type { AdminApp } from '../http/context'
import { registerHealth } from './health/routes'

/** Every module's routes, in one place: the contract is whatever is registered here. */
export function registerModules(app: AdminApp) {
  registerHealth(app)
}
