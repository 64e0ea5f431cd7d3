import { Select } from '@radix-ui/themes'
import { useTranslation } from 'react-i18next'
import { setLanguage } from '../../i18n'
import { LANGUAGE_LABELS, LANGUAGES, type Language } from '../../i18n/languages'

/** en-US ⇄ zh-CN, each shown by its own name and English (spec §1). */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation('shell')
  return (
    <Select.Root
      size="1"
      value={i18n.language}
      onValueChange={(v) => void setLanguage(v as Language)}
    >
      <Select.Trigger variant="ghost" aria-label={t('header.language')} data-testid="language" />
      <Select.Content position="popper">
        {LANGUAGES.map((lang) => (
          <Select.Item key={lang} value={lang} lang={lang}>
            {LANGUAGE_LABELS[lang]}
          </Select.Item>
        ))}
      </Select.Content>
    </Select.Root>
  )
}
