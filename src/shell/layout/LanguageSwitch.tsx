import { Button } from '@radix-ui/themes'
import { lazy, Suspense, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { LANGUAGE_LABELS, type Language } from '../../i18n/languages'
import { Icon } from '../icons'

const loadSelect = () => import('./LanguageSelect')
const LanguageSelect = lazy(loadSelect)

/**
 * en-US ⇄ zh-CN, each shown by its own name and English (spec §1). Until first used it is a
 * plain button with the current language: the list (Radix Select and its positioning code) is
 * not part of a sign-in page's first load. Pointing at the button fetches it; pressing it
 * opens the list.
 */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation('shell')
  const [opened, setOpened] = useState(false)
  const button = (
    <Button
      size="1"
      variant="ghost"
      color="gray"
      highContrast
      // The name starts with the text shown, as speech input says it (WCAG 2.5.3).
      aria-label={t('header.language', { language: LANGUAGE_LABELS[i18n.language as Language] })}
      aria-haspopup="listbox"
      data-testid="language"
      onPointerEnter={() => void loadSelect()}
      onFocus={() => void loadSelect()}
      onClick={() => setOpened(true)}
    >
      {LANGUAGE_LABELS[i18n.language as Language]}
      <Icon name="chevronDown" />
    </Button>
  )
  if (!opened) return button
  return (
    <Suspense fallback={button}>
      <LanguageSelect />
    </Suspense>
  )
}
