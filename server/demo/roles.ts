import { REGISTRY, registeredScreen, type RegisteredScreen } from '../db/screenRegistry'
import { DEMO_ROLE_GRANTS } from './grants'
import { buttons, roleButtons, roleMenus, roles } from '../db/schema'
import type { Deps } from '../deps'

/** The role whose holders may call the ledger's platform-administrator operations. */
export const PLATFORM_ADMIN_ROLE = 'Platform administrator'

/** The screens a grant names, with their groups, and the hidden forms their buttons open. */
export function grantedScreens(grant: readonly string[] | 'all'): readonly RegisteredScreen[] {
  if (grant === 'all') return REGISTRY
  const names = new Set<string>()
  for (const name of grant) {
    const s = registeredScreen.get(name)!
    names.add(name)
    if (s.group) names.add(s.group)
    for (const b of s.buttons) for (const o of b.opens) names.add(o)
  }
  return REGISTRY.filter((s) => names.has(s.name))
}

/** The roles of every start (the first administrator's too), with their grants; name → id. */
export async function grantRoles(deps: Deps): Promise<Record<string, number>> {
  const ids: Record<string, number> = {}
  const allButtons = await deps.db.select().from(buttons)
  for (const [name, grant] of Object.entries(DEMO_ROLE_GRANTS)) {
    const [role] = await deps.db
      .insert(roles)
      .values({
        name,
        description: name,
        allMerchantAccess: grant.allMerchantAccess,
        platformAdmin: name === PLATFORM_ADMIN_ROLE,
      })
      .returning()
    ids[name] = role.id
    const screens = grantedScreens(grant.screens).filter(
      (s) => !s.platformAdminOnly || name === PLATFORM_ADMIN_ROLE,
    )
    if (screens.length) {
      await deps.db
        .insert(roleMenus)
        .values(screens.map((s) => ({ roleId: role.id, menuId: s.id })))
    }
    const granted =
      grant.buttons === 'all'
        ? allButtons
        : allButtons.filter((b) => (grant.buttons as readonly string[]).includes(b.code))
    if (granted.length) {
      await deps.db
        .insert(roleButtons)
        .values(granted.map((b) => ({ roleId: role.id, buttonId: b.id })))
    }
  }
  return ids
}
