/** What the palette lists, built from the menus, the shell's actions and the screen's actions. */
import { i18n } from '../../i18n'
import type { KeyOf } from '../../i18n/keys'
import { resources } from '../../i18n/resources'
import type { FlatMenuEntry } from '../../lib/menus'
import { menuLabel } from '../../lib/menuModel'
import type { ShortcutId } from '../shortcuts'

export interface PaletteItem {
  id: string
  label: string
  keywords: string[]
  icon?: string
  shortcut?: ShortcutId
  disabled?: boolean
  run: () => void
}

/** Screens the go-to sequences reach, so the palette can show their keys. */
const GO_TO: Record<string, ShortcutId> = {
  index: 'goDashboard',
  'settings-profile': 'goProfile',
}

export function pageItem(
  prefix: string,
  entry: FlatMenuEntry,
  language: string,
  open: (url: string) => void,
): PaletteItem {
  return {
    id: `${prefix}:${entry.menuId}`,
    label: menuLabel(entry, language),
    keywords: [entry.language.en_US, entry.language.zh_CN, entry.nameKey, entry.url],
    icon: prefix === 'pinned' ? 'pin' : prefix === 'recent' ? 'clock' : entry.icon,
    shortcut: GO_TO[entry.nameKey],
    run: () => open(entry.url),
  }
}

/** An action's label in the UI language, findable by its wording in every language. */
export function actionKeywords(key: KeyOf<'shell'>, options?: Record<string, string>): string[] {
  return (['en-US', 'zh-CN'] as const).map((lng) => i18n.getFixedT(lng, 'shell')(key, options))
}

/**
 * Other words people type for a console action ("logout" for Sign out), in both languages:
 * `palette.aliases.<id>` in the shell namespace, separated by "|".
 */
export function aliasKeywords(id: string): string[] {
  return (['en-US', 'zh-CN'] as const).flatMap((lng) => {
    const aliases: Record<string, string> = resources[lng].shell.palette.aliases
    return Object.hasOwn(aliases, id) ? aliases[id].split('|') : []
  })
}
