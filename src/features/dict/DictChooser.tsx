import { Flex, Select, Text } from '@radix-ui/themes'
import { useQuery } from '@tanstack/react-query'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { dictChoicesQuery } from './queries'
import '../../components/contrast.css'

interface Props {
  dictId?: number
  onChange: (dictId: number) => void
}

/** Which dictionary the values screen shows (it is also reachable from the menu, without one). */
export function DictChooser({ dictId, onChange }: Props) {
  const { t } = useTranslation('dict')
  const id = useId()
  const choices = useQuery(dictChoicesQuery())
  const rows = choices.data?.list ?? []
  return (
    <Flex align="center" gap="3" wrap="wrap">
      <Text as="label" htmlFor={id} size="2" weight="medium">
        {t('dictionary')}
      </Text>
      <Select.Root value={dictId ? String(dictId) : ''} onValueChange={(v) => onChange(Number(v))}>
        <Select.Trigger id={id} placeholder={t('chooseDict')} data-testid="dict-chooser" />
        <Select.Content position="popper">
          {rows.map((d) => (
            <Select.Item key={d.id} value={String(d.id)}>
              {`${d.code} — ${d.name}`}
            </Select.Item>
          ))}
        </Select.Content>
      </Select.Root>
      {choices.data && choices.data.total > rows.length ? (
        <Text size="1" color="gray">
          {t('chooserTruncated', { shown: rows.length, total: choices.data.total })}
        </Text>
      ) : null}
    </Flex>
  )
}
