import { useRouter, useRouterState } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { chooseLanguage } from '../layout/chooseLanguage'
import { LANGUAGE_LABELS, LANGUAGES, type Language } from '../../i18n/languages'
import { normalisePath } from '../../lib/access'
import { isPinnable } from '../../lib/menus'
import type { MenuModel } from '../../lib/menuModel'
import { toggleShowMenu } from '../layout/showMenu'
import { usePinMenu } from '../menus/mutations'
import { signOut, staySignedIn } from '../session/runtime'
import { closeCurrentOrTab, moveTab } from '../tabs/actions'
import { toggleAppearance, useAppearance } from '../theme'
import { actionKeywords, aliasKeywords, type PaletteItem } from './items'
import type { KeyOf } from '../../i18n/keys'

export interface ShellActionHandlers {
  openPath: (url: string) => void
  onShortcuts: () => void
  onPinChooser: () => void
}

/** The console's own actions, as the palette offers them. */
export function useShellActions(model: MenuModel, handlers: ShellActionHandlers): PaletteItem[] {
  const { t, i18n } = useTranslation('shell')
  const router = useRouter()
  const location = useRouterState({ select: (s) => s.location })
  const dark = useAppearance() === 'dark'
  const pin = usePinMenu()
  const entry = model.byUrl.get(normalisePath(location.pathname))
  const pinned = !!entry && model.pinned.some((p) => p.menuId === entry.menuId)

  const action = (
    id: string,
    key: KeyOf<'shell'>,
    run: () => void,
    extra: Partial<PaletteItem> = {},
    opts?: Record<string, string>,
  ): PaletteItem => ({
    id: `shell:${id}`,
    label: t(key, opts),
    ...extra,
    keywords: [...(extra.keywords ?? actionKeywords(key, opts)), ...aliasKeywords(id)],
    run,
  })

  const items: PaletteItem[] = [action('stay', 'actions.stay', staySignedIn, { icon: 'clock' })]
  if (entry && isPinnable(entry)) {
    items.push(
      action(
        'pin',
        pinned ? 'actions.unpin' : 'actions.pin',
        () => pin.mutate({ menuId: entry.menuId, pinned: !pinned }),
        { icon: 'pin' },
      ),
    )
  }
  items.push(
    action('pinPages', 'actions.pinPages', handlers.onPinChooser, { icon: 'pin' }),
    action(
      'reload',
      'actions.reload',
      () =>
        void router.navigate({
          to: `/main/redirect${location.pathname}`,
          search: location.search,
          replace: true,
        } as never),
      { icon: 'reload' },
    ),
    action('theme', dark ? 'actions.lightTheme' : 'actions.darkTheme', toggleAppearance, {
      icon: dark ? 'sun' : 'moon',
    }),
    ...LANGUAGES.filter((l) => l !== i18n.language).map((l: Language) =>
      action(
        `language:${l}`,
        'actions.language',
        () => void chooseLanguage(l),
        {
          icon: 'globe',
          keywords: [
            ...actionKeywords('actions.language', { language: LANGUAGE_LABELS[l] }),
            LANGUAGE_LABELS[l],
            l,
          ],
        },
        { language: LANGUAGE_LABELS[l] },
      ),
    ),
    action('toggleMenu', 'actions.toggleMenu', toggleShowMenu, {
      icon: 'menu',
      shortcut: 'toggleMenu',
    }),
    action('nextTab', 'actions.nextTab', () => void moveTab(router, 1), {
      icon: 'chevronRight',
      shortcut: 'nextTab',
    }),
    action('prevTab', 'actions.prevTab', () => void moveTab(router, -1), {
      icon: 'chevronRight',
      shortcut: 'prevTab',
    }),
    action('closeTab', 'actions.closeTab', () => void closeCurrentOrTab(router), {
      icon: 'close',
      shortcut: 'closeTab',
    }),
    action('shortcuts', 'actions.shortcuts', handlers.onShortcuts, {
      icon: 'keyboard',
      shortcut: 'cheatSheet',
    }),
    action('signOut', 'actions.signOut', signOut, { icon: 'signOut' }),
  )
  return items
}
