import { IconButton } from '@radix-ui/themes'
import type { ComponentProps } from 'react'
import { useTranslation } from 'react-i18next'
import { Icon } from '../icons'
import { toggleAppearance, useAppearance } from '../theme'

/**
 * Light ⇄ dark; its name ("Switch to dark theme") is the button's label. The shell header adds
 * a tooltip with the same words; the public pages do not (the tooltip's positioning code is not
 * part of a sign-in page's first load).
 */
// Props and ref pass through to the button, so a tooltip's trigger can wrap it.
export function ThemeToggle(props: ComponentProps<typeof IconButton>) {
  const { t } = useTranslation('shell')
  const dark = useAppearance() === 'dark'
  const label = dark ? t('header.toLight') : t('header.toDark')
  return (
    <IconButton
      {...props}
      variant="ghost"
      color="gray"
      aria-label={label}
      data-testid="theme-toggle"
      onClick={(e) => {
        props.onClick?.(e)
        toggleAppearance()
      }}
    >
      <Icon name={dark ? 'sun' : 'moon'} />
    </IconButton>
  )
}
