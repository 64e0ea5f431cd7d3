import { Avatar, Button, DropdownMenu, Text } from '@radix-ui/themes'
import { useNavigate } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { readUser } from '../../api/storage'
import type { MenuModel } from '../../lib/menuModel'
import { menuLabel } from '../../lib/menuModel'
import { Icon } from '../icons'
import { signOut } from '../session/runtime'

/** The signed-in user: their own pages of the system list, the shortcuts, signing out. */
export function UserMenu({
  model,
  onShortcuts,
}: {
  model: MenuModel | undefined
  onShortcuts: () => void
}) {
  const { t, i18n } = useTranslation('shell')
  const navigate = useNavigate()
  const user = readUser()
  const name = user?.nickName || user?.userName || ''
  const ownPages = (model?.sysList ?? []).filter((e) => e.url && e.category !== 'group')
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger>
        <Button
          variant="ghost"
          color="gray"
          aria-label={t('header.account', { name })}
          data-testid="user-menu"
        >
          {/* An icon, not the name's initial: the button's visible text is then the name its
              label contains (WCAG 2.5.3, "Account menu for admin" beside "A admin"). */}
          <Avatar size="1" radius="full" fallback={<Icon name="person" />} />
          <Text size="2" className="vcc-hide-narrow">
            {name}
          </Text>
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Content align="end">
        {ownPages.map((e) => (
          <DropdownMenu.Item key={e.menuId} onSelect={() => void navigate({ to: e.url as never })}>
            <Icon name={e.icon} /> {menuLabel(e, i18n.language)}
          </DropdownMenu.Item>
        ))}
        <DropdownMenu.Item onSelect={onShortcuts}>
          <Icon name="keyboard" /> {t('actions.shortcuts')}
        </DropdownMenu.Item>
        <DropdownMenu.Separator />
        <DropdownMenu.Item color="red" onSelect={signOut} data-testid="sign-out">
          <Icon name="signOut" /> {t('header.signOut')}
        </DropdownMenu.Item>
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  )
}
