import { Select } from '@radix-ui/themes'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { call } from '../../api/client'
import { useCompanyOptions } from '../../domain/companies'
import { useMerchantOptions } from '../../domain/merchants'
import { ALL, type FilterField } from './filterDraft'
import { SearchPicker } from './SearchPicker'

type Picker = Extract<FilterField, { kind: 'enum' | 'company' | 'merchant' }>
type Option = { value: string; label: string }
/** A dictionary's active values (`/dict/query`) as options: the code as value. */
function useDictOptions(field: Picker, enabled: boolean): Option[] {
  const dict = field.kind === 'enum' ? field.dict : ''
  const { data = [] } = useQuery({
    queryKey: ['filter-options', 'dict', dict],
    queryFn: async (): Promise<Option[]> =>
      ((await call('/dict/query', { codes: [dict] }))[dict] ?? []).map((o) => ({
        value: o.code,
        label: o.name,
      })),
    staleTime: 60_000,
    enabled,
  })
  return data
}

/** A select filter's choices; companies and merchants are src/domain's lists. */
function usePickerOptions(field: Picker): Option[] {
  const companies = useCompanyOptions(field.kind === 'company')
  const merchants = useMerchantOptions(field.kind === 'merchant')
  const dict = useDictOptions(field, field.kind === 'enum')
  return field.kind === 'company' ? companies : field.kind === 'merchant' ? merchants : dict
}

/** A dictionary's values as a select's items (short lists: type-ahead is enough). */
export function FilterOptions({ field }: { field: Picker }) {
  const data = usePickerOptions(field)
  return (
    <>
      {data.map((o) => (
        <Select.Item key={o.value} value={o.value}>
          {o.label}
        </Select.Item>
      ))}
    </>
  )
}

/** Companies and merchants: a list that grows with the platform, so it can be searched. */
export function TenantPicker({
  field,
  id,
  value,
  onChange,
  pickerRef,
}: {
  field: Picker
  id: string
  value: string
  onChange: (value: string) => void
  pickerRef?: (el: HTMLElement | null) => void
}) {
  const { t } = useTranslation()
  return (
    <SearchPicker
      id={id}
      ref={pickerRef}
      label={field.label}
      value={value}
      all={{ value: ALL, label: t('common:list.all') }}
      options={usePickerOptions(field)}
      onChange={onChange}
    />
  )
}
