import { resourceClient } from '../../components/resource/client'
import { buttons, modules } from '../../resources/moduleAdmin'

/**
 * The console half of module-management and button-management. Their rows are the menus: a
 * write refreshes every query under `['menu']`, the side menu's and these lists' alike, so a
 * rename shows in the menu at once.
 */
export const moduleResource = resourceClient(modules, { key: ['menu'] })
export const buttonResource = resourceClient(buttons, { key: ['menu'] })
