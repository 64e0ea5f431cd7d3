import { Select } from '@radix-ui/themes'
import { useTranslation } from 'react-i18next'
import { chooseLanguage } from './chooseLanguage'
import { LANGUAGE_LABELS, LANGUAGES, type Language } from '../../i18n/languages'

/** The language list itself (Radix Select); loaded by ./LanguageSwitch when first opened. */
export default function LanguageSelect() {
  const { t, i18n } = useTranslation('shell')
  return (
    <Select.Root
      size="1"
      defaultOpen
      value={i18n.language}
      onValueChange={(v) => void chooseLanguage(v as Language)}
    >
      <Select.Trigger
        variant="ghost"
        aria-label={t('header.language', { language: LANGUAGE_LABELS[i18n.language as Language] })}
        data-testid="language"
      />
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
