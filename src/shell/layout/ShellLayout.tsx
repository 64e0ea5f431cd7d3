import { Spinner } from '@radix-ui/themes'
import { QueryClientProvider } from '@tanstack/react-query'
import { Outlet, useNavigate, useRouterState } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { normalisePath } from '../../lib/access'
import { queryClient } from '../../queryClient'
import { useFollowRights } from '../menus/followRights'
import { useMenuModel } from '../menus/queries'
import { Palette } from '../palette/Palette'
import { ScreenActionsProvider } from '../screenActions'
import { TooltipProvider } from '../tooltipProvider'
import { CheatSheet } from './CheatSheet'
import { Header } from './Header'
import { PinChooser } from './PinChooser'
import { SideMenu } from './SideMenu'
import { TabBar } from './TabBar'
import { useShellShortcuts } from './useShellShortcuts'
import { MenuDrawer } from './MenuDrawer'
import { setMenuDrawer, useMenuDrawer, useNarrow, useShowMenu } from './showMenu'
import { useVisitTracking } from './useVisitTracking'
import '../shell.css'

type Overlay = 'palette' | 'cheatSheet' | 'pinChooser' | null

/** The /main route's component: the shell, with the query cache and tooltip provider its screens use. */
export function MainShell() {
  return (
    <QueryClientProvider client={queryClient}>
      <TooltipProvider>
        <ShellLayout />
      </TooltipProvider>
    </QueryClientProvider>
  )
}

/**
 * The /main shell: header, side menu, tab bar and the page, with the palette, the shortcut
 * sheet and the pin chooser over them. The guard has loaded the menus before this renders.
 */
export function ShellLayout() {
  const { t } = useTranslation('shell')
  const model = useMenuModel()
  const navigate = useNavigate()
  const location = useRouterState({ select: (s) => s.location })
  const menuShown = useShowMenu()
  const narrow = useNarrow()
  const drawerOpen = useMenuDrawer()
  const [overlay, setOverlay] = useState<Overlay>(null)
  const entry = model?.byUrl.get(normalisePath(location.pathname))

  useVisitTracking(model, entry, location.href)
  useFollowRights()
  useShellShortcuts(model, {
    togglePalette: () => setOverlay((o) => (o === 'palette' ? null : 'palette')),
    openCheatSheet: () => setOverlay('cheatSheet'),
    overlayOpen: overlay !== null,
  })

  const openOnly = (which: Overlay) => (open: boolean) => setOverlay(open ? which : null)

  // A page opened from the drawer closes it.
  useEffect(() => setMenuDrawer(false), [location.pathname])

  if (!model) {
    return (
      <div className="vcc-loading" role="status">
        <Spinner size="3" />
        <span>{t('loadingMenus')}</span>
      </div>
    )
  }

  const sideMenu = (
    <SideMenu model={model} current={entry} onMore={() => setOverlay('pinChooser')} />
  )
  return (
    <ScreenActionsProvider>
      <div className="vcc-shell">
        <a href="#main-content" className="vcc-skip">
          {t('skipToContent')}
        </a>
        {entry?.headerShow !== false && (
          <Header
            model={model}
            entry={entry}
            onPalette={() => setOverlay('palette')}
            onShortcuts={() => setOverlay('cheatSheet')}
          />
        )}
        <div className="vcc-body">
          {narrow ? (
            <MenuDrawer open={drawerOpen} onOpenChange={setMenuDrawer}>
              {sideMenu}
            </MenuDrawer>
          ) : (
            menuShown && sideMenu
          )}
          <main id="main-content" tabIndex={-1} className="vcc-main">
            <TabBar model={model} pathname={location.pathname} />
            <div className="vcc-page">
              <Outlet />
            </div>
          </main>
        </div>
        <Palette
          open={overlay === 'palette'}
          onOpenChange={openOnly('palette')}
          model={model}
          openPath={(url) => void navigate({ to: url } as never)}
          onShortcuts={() => setOverlay('cheatSheet')}
          onPinChooser={() => setOverlay('pinChooser')}
        />
        <CheatSheet open={overlay === 'cheatSheet'} onOpenChange={openOnly('cheatSheet')} />
        <PinChooser
          open={overlay === 'pinChooser'}
          onOpenChange={openOnly('pinChooser')}
          model={model}
        />
      </div>
    </ScreenActionsProvider>
  )
}
