import { IconButton } from '@radix-ui/themes'
import { lazy, Suspense, useState, type ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import { Icon } from '../icons'
import { toggleAppearance, useAppearance } from '../theme'

const Tooltip = lazy(() =>
  import('@radix-ui/themes/components/tooltip').then((m) => ({ default: m.Tooltip })),
)

export function ThemeToggle() {
  const { t } = useTranslation('shell')
  const dark = useAppearance() === 'dark'
  const label = dark ? t('header.toLight') : t('header.toDark')
  return (
    <HoverLabel content={label}>
      <IconButton
        variant="ghost"
        color="gray"
        aria-label={label}
        data-testid="theme-toggle"
        onClick={toggleAppearance}
      >
        <Icon name={dark ? 'sun' : 'moon'} />
      </IconButton>
    </HoverLabel>
  )
}

/**
 * The tooltip, from the first pointer or focus on: its positioning code is not part of a
 * sign-in page's first load. The button's name is its aria-label either way.
 */
function HoverLabel({ content, children }: { content: string; children: ReactElement }) {
  const [wanted, setWanted] = useState(false)
  if (!wanted) {
    return (
      <span
        style={{ display: 'contents' }}
        onPointerEnter={() => setWanted(true)}
        onFocus={() => setWanted(true)}
      >
        {children}
      </span>
    )
  }
  return (
    <Suspense fallback={children}>
      <Tooltip content={content}>{children}</Tooltip>
    </Suspense>
  )
}
