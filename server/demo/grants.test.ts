import { describe, expect, it } from 'vitest'
import { missingNeeds, SCREENS, screenByName } from '../../src/lib/screens'
import { DEMO_ROLE_GRANTS, type DemoGrant } from './grants'
import { grantedScreens, PLATFORM_ADMIN_ROLE } from './roles'

/** The screens a seeded role ends up holding, as the seed writes them (server/demo/roles.ts). */
const seeded = (role: string, grant: DemoGrant) =>
  new Set(
    grantedScreens(grant.screens)
      .filter((s) => !s.platformAdminOnly || role === PLATFORM_ADMIN_ROLE)
      .map((s) => s.name),
  )

describe('a screen’s needs (src/lib/screens.ts)', () => {
  it('name screens of the tree, never the screen itself or a platform-administrator-only one', () => {
    for (const s of SCREENS) {
      for (const need of s.needs ?? []) {
        const needed = screenByName.get(need)
        expect(needed, `${s.name} needs ${need}`).toBeDefined()
        expect(need).not.toBe(s.name)
        if (!s.platformAdminOnly) expect(needed!.platformAdminOnly).toBeFalsy()
      }
    }
  })

  it('are held by every seeded role that holds the screen', () => {
    for (const [role, grant] of Object.entries(DEMO_ROLE_GRANTS)) {
      expect(missingNeeds(seeded(role, grant)), role).toEqual([])
    }
  })

  it('name what a half grant leaves out: the card detail without the card transactions', () => {
    expect(missingNeeds(new Set(['cards-balance', 'cards-balance-view-card-detail']))).toEqual([
      { screen: 'cards-balance-view-card-detail', needs: 'cards-transactions' },
    ])
    expect(missingNeeds(new Set(['dict-dt-management', 'dict-management']))).toEqual([])
  })
})
