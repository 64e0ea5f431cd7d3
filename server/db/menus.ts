import { resources } from '../../src/i18n/resources'
import { SCREENS, screenByName } from '../../src/lib/screens'
import type { Deps } from '../deps'
import { buttons, menus } from './schema'

type MenuLabels = Record<string, string>
const menuLabels = (key: string) => ({
  en_US: (resources['en-US'].menu as MenuLabels)[key] ?? key,
  zh_CN: (resources['zh-CN'].menu as MenuLabels)[key] ?? key,
})

/**
 * Menus and buttons always mirror the screen registry (upserted at every start, so a new screen
 * appears after an upgrade). Everything else is written once, on an empty database.
 */
export async function syncMenus(deps: Deps): Promise<void> {
  const { db } = deps
  // Parents before children so the parent_id foreign key holds.
  const ordered = [...SCREENS].sort((a, b) => Number(!!a.group) - Number(!!b.group))
  for (const s of ordered) {
    const row = {
      id: s.id,
      name: s.name,
      nameKey: s.name,
      url: s.url,
      icon: s.icon,
      parentId: s.group ? screenByName.get(s.group)!.id : null,
      position: s.position,
      seq: s.seq,
      isHidden: !!s.hidden,
      category: s.category ?? 'page',
      language: menuLabels(s.name),
      descLanguage: {},
    }
    await db.insert(menus).values(row).onConflictDoUpdate({ target: menus.id, set: row })
    for (const b of s.buttons ?? []) {
      const action = b.code.split(':')[1]
      const brow = {
        code: b.code,
        menuId: s.id,
        language: menuLabels(`button.${action}`),
        menuRouterList: (b.opens ?? []).join(','),
      }
      await db.insert(buttons).values(brow).onConflictDoUpdate({ target: buttons.code, set: brow })
    }
  }
}
