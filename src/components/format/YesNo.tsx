import { Badge } from '@radix-ui/themes'
import { useTranslation } from 'react-i18next'

/** A boolean column: Yes in green, No in grey (text, not colour alone, carries the meaning). */
export function YesNo({ value }: { value: boolean }) {
  const { t } = useTranslation()
  return (
    <Badge color={value ? 'green' : 'gray'} variant="soft" highContrast>
      {value ? t('common:yes') : t('common:no')}
    </Badge>
  )
}
