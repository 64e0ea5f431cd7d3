import { IconButton, Tooltip } from '@radix-ui/themes'
import { useTranslation } from 'react-i18next'
import { Icon } from '../icons'
import { toggleAppearance, useAppearance } from '../theme'

export function ThemeToggle() {
  const { t } = useTranslation('shell')
  const dark = useAppearance() === 'dark'
  const label = dark ? t('header.toLight') : t('header.toDark')
  return (
    <Tooltip content={label}>
      <IconButton
        variant="ghost"
        color="gray"
        aria-label={label}
        data-testid="theme-toggle"
        onClick={toggleAppearance}
      >
        <Icon name={dark ? 'sun' : 'moon'} />
      </IconButton>
    </Tooltip>
  )
}
