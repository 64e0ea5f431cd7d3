import { Select } from '@radix-ui/themes'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { call, type DataOf } from '../../api/client'
import { merchantOptions, merchantsQuery } from '../../domain/merchants'
import { ALL, type FilterField } from './filterDraft'
import { SearchPicker } from './SearchPicker'

type Picker = Extract<FilterField, { kind: 'enum' | 'company' | 'merchant' }>
type Option = { value: string; label: string }
type CompanyNode = DataOf<'/org/companyTree'>[number]

/** The company tree as a flat list, each name indented by its depth (the tree's own order). */
function flatten(nodes: CompanyNode[], depth = 0): Option[] {
  return nodes.flatMap((n) => [
    { value: String(n.id), label: `${'\u00a0\u00a0'.repeat(depth)}${n.name}` },
    ...flatten(n.childs as CompanyNode[], depth + 1),
  ])
}

/**
 * The choices of a dictionary or company filter, from calls the server already has: a
 * dictionary's active values (`/dict/query`) or the companies the caller reaches
 * (`/org/companyTree`). Values are the wire's: a code, or an id as text.
 */
function optionsQuery(field: Picker) {
  if (field.kind === 'enum') {
    return {
      queryKey: ['filter-options', 'dict', field.dict],
      queryFn: async (): Promise<Option[]> =>
        ((await call('/dict/query', { codes: [field.dict] }))[field.dict] ?? []).map((o) => ({
          value: o.code,
          label: o.name,
        })),
    }
  }
  return {
    queryKey: ['filter-options', 'company'],
    queryFn: async (): Promise<Option[]> => flatten(await call('/org/companyTree')),
  }
}

/** A select filter's choices; merchants come from the one merchants query of src/domain. */
function usePickerOptions(field: Picker): Option[] {
  const ofMerchants = field.kind === 'merchant'
  const merchants = useQuery({
    ...merchantsQuery(),
    select: merchantOptions,
    enabled: ofMerchants,
  })
  const others = useQuery({ ...optionsQuery(field), staleTime: 60_000, enabled: !ofMerchants })
  return (ofMerchants ? merchants.data : others.data) ?? []
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
