import { useRouter } from '@tanstack/react-router'
import type { MenuModel } from '../../lib/menuModel'
import { closeCurrentOrTab, moveTab } from '../tabs/actions'
import { useShortcut } from '../useShortcut'
import { toggleShowMenu } from './showMenu'

interface Handlers {
  togglePalette: () => void
  openCheatSheet: () => void
  /** True while a dialog is open: page-level keys stay quiet under it. */
  overlayOpen: boolean
}

/** The registry's global keys, bound once by the shell. */
export function useShellShortcuts(model: MenuModel | undefined, h: Handlers): void {
  const router = useRouter()
  const page = { enabled: !h.overlayOpen }
  const goTo = (url: string) => {
    if (model?.byUrl.has(url)) void router.navigate({ to: url } as never)
  }
  useShortcut('palette', h.togglePalette, { enableOnFormTags: true })
  useShortcut('cheatSheet', h.openCheatSheet, page)
  useShortcut('goDashboard', () => goTo('/main/index'), page)
  useShortcut('goProfile', () => goTo('/main/settings-profile'), page)
  useShortcut('nextTab', () => void moveTab(router, 1), page)
  useShortcut('prevTab', () => void moveTab(router, -1), page)
  useShortcut('closeTab', () => void closeCurrentOrTab(router), page)
  useShortcut('toggleMenu', toggleShowMenu, page)
}
