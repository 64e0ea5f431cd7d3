import { Callout } from '@radix-ui/themes'
import { useTranslation } from 'react-i18next'

/** Spec §6: shown on screens whose writes the user has no button for. */
export function ViewOnlyNotice() {
  const { t } = useTranslation()
  return (
    <Callout.Root color="amber" size="1" highContrast data-testid="view-only">
      <Callout.Text>{t('errors:viewOnly')}</Callout.Text>
    </Callout.Root>
  )
}
