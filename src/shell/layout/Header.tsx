import { Flex, IconButton, Kbd, Link as ThemeLink, Text, Tooltip } from '@radix-ui/themes'
import { Link } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { readUser } from '../../api/storage'
import type { FlatMenuEntry } from '../../lib/menus'
import type { MenuModel } from '../../lib/menuModel'
import { landingPath } from '../../lib/screens'
import { Icon } from '../icons'
import { shortcutById } from '../shortcuts'
import { Breadcrumbs } from './Breadcrumbs'
import { LanguageSwitch } from './LanguageSwitch'
import { MENU_TOGGLE_ID } from './MenuDrawer'
import { ThemeToggle } from './ThemeToggle'
import { UserMenu } from './UserMenu'
import { toggleShowMenu, useMenuDrawer, useNarrow, useShowMenu } from './showMenu'
import { useAppearance } from '../theme'

interface Props {
  model: MenuModel | undefined
  entry: FlatMenuEntry | undefined
  onPalette: () => void
  onShortcuts: () => void
}

/** Product name, where the user is, and the controls every page shares. */
export function Header({ model, entry, onPalette, onShortcuts }: Props) {
  const { t } = useTranslation(['shell', 'common'])
  const narrow = useNarrow()
  const drawerOpen = useMenuDrawer()
  const menuShown = useShowMenu()
  const expanded = narrow ? drawerOpen : menuShown
  const toggleLabel = expanded ? t('shell:menu.hide') : t('shell:menu.show')
  return (
    <header className="vcc-header">
      <Tooltip content={`${toggleLabel} (${shortcutById.get('toggleMenu')!.display})`}>
        <IconButton
          variant="ghost"
          color="gray"
          aria-label={toggleLabel}
          aria-expanded={expanded}
          aria-controls="vcc-side-menu"
          id={MENU_TOGGLE_ID}
          data-testid="menu-toggle"
          onClick={toggleShowMenu}
        >
          <Icon name="menu" />
        </IconButton>
      </Tooltip>
      <ThemeLink asChild weight="bold" highContrast underline="none" className="vcc-product">
        <Link to={landingPath(readUser()?.landingPage) as never}>{t('common:productName')}</Link>
      </ThemeLink>
      {model && entry && entry.breadcrumbShow && !narrow && (
        <Breadcrumbs model={model} entry={entry} />
      )}
      <Flex ml="auto" align="center" gap="3">
        <button type="button" className="vcc-search" onClick={onPalette} data-testid="open-palette">
          <Icon name="search" />
          <Text size="2" className="vcc-hide-narrow">
            {t('shell:header.search')}
          </Text>
          <Kbd size="1">{shortcutById.get('palette')!.display}</Kbd>
        </button>
        <LanguageSwitch />
        <ThemeToggleWithTooltip />
        <UserMenu model={model} onShortcuts={onShortcuts} />
      </Flex>
    </header>
  )
}

/** The theme toggle with its name also as a tooltip (the public pages show it without). */
function ThemeToggleWithTooltip() {
  const { t } = useTranslation('shell')
  const dark = useAppearance() === 'dark'
  return (
    <Tooltip content={dark ? t('header.toLight') : t('header.toDark')}>
      <ThemeToggle />
    </Tooltip>
  )
}
