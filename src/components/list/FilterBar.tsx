import { Button, Flex, Select, Text, TextField } from '@radix-ui/themes'
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react'
import type { MessageKey } from '../../i18n/keys'
import { useTranslation } from 'react-i18next'
import { TEXT_MAX } from '../../lib/validators'
import { ALL, fromDraft, toDraft, type Draft, type FilterField } from './filterDraft'
import { FilterOptions, TenantPicker } from './FilterOptions'
import type { ListState } from './useList'

export type { FilterField } from './filterDraft'

/**
 * The filters of a list: typed here, applied to the URL on Search (or Enter), which resets
 * to page 1. The first field is the one the listFilter shortcut focuses; Esc goes back to
 * the current row.
 */
export function FilterBar<Row>({
  list,
  fields,
  onLeave,
}: {
  list: ListState<Row>
  fields: FilterField[]
  /** Esc anywhere in the filters: back to the table's cursor row. */
  onLeave: () => void
}) {
  const { t } = useTranslation()
  const id = useId()
  const search = list.search as Record<string, unknown>
  const applied = JSON.stringify(fields.map((f) => search[f.name]))
  const [draft, setDraft] = useState<Draft>(() => toDraft(fields, search))
  const [errors, setErrors] = useState<Record<string, MessageKey>>({})
  const set = (key: string) => (v: string) => setDraft((d) => ({ ...d, [key]: v }))

  // The URL changed under us (back button, a link, Reset): show what is applied.
  useEffect(() => {
    setDraft(toDraft(fields, search))
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [applied])

  const submit = (e: FormEvent) => {
    e.preventDefault()
    const result = fromDraft(fields, draft)
    setErrors(result.ok ? {} : result.errors)
    if (result.ok) list.applyFilters(result.values)
  }
  const reset = () => {
    setDraft(toDraft(fields, {}))
    setErrors({})
    list.applyFilters(Object.fromEntries(fields.map((f) => [f.name, undefined])))
  }
  const focusRef = (i: number) =>
    i === 0 ? (el: HTMLElement | null) => void (list.filterRef.current = el) : undefined

  function control(f: FilterField, key: string, ref: ReturnType<typeof focusRef>): ReactNode {
    const text = (
      name: string,
      label: string | undefined,
      type: 'text' | 'date' | 'number',
      first: boolean,
    ) => (
      <TextField.Root
        id={first ? key : undefined}
        aria-label={label}
        size="1"
        type={type}
        value={draft[name]}
        maxLength={TEXT_MAX}
        min={type === 'number' ? 0 : undefined}
        ref={first ? ref : undefined}
        onChange={(e) => set(name)(e.target.value)}
      />
    )
    if (f.kind === 'text') return text(f.name, undefined, 'text', true)
    if (f.kind === 'dateRange' || f.kind === 'amountRange') {
      const [a, b] = f.kind === 'dateRange' ? ['from', 'to'] : ['min', 'max']
      const type = f.kind === 'dateRange' ? ('date' as const) : ('number' as const)
      return (
        <Flex gap="1" align="center" data-testid={`filter-${f.name}`}>
          {text(`${f.name}.${a}`, `${f.label} ${t(`common:list.${a}` as MessageKey)}`, type, true)}
          <Text size="1">–</Text>
          {text(`${f.name}.${b}`, `${f.label} ${t(`common:list.${b}` as MessageKey)}`, type, false)}
        </Flex>
      )
    }
    if (f.kind === 'company' || f.kind === 'merchant') {
      return (
        <TenantPicker
          field={f}
          id={key}
          value={draft[f.name]}
          onChange={set(f.name)}
          pickerRef={ref}
        />
      )
    }
    return (
      <Select.Root size="1" value={draft[f.name]} onValueChange={set(f.name)}>
        <Select.Trigger id={key} ref={ref} />
        <Select.Content position="popper">
          <Select.Item value={ALL}>{t('common:list.all')}</Select.Item>
          {f.kind === 'flag' ? (
            <>
              <Select.Item value="true">{t('common:yes')}</Select.Item>
              <Select.Item value="false">{t('common:no')}</Select.Item>
            </>
          ) : f.kind === 'enum' ? (
            <FilterOptions field={f} />
          ) : f.kind === 'choice' ? (
            f.options.map((o) => (
              <Select.Item key={o.value} value={o.value}>
                {o.label}
              </Select.Item>
            ))
          ) : null}
        </Select.Content>
      </Select.Root>
    )
  }

  return (
    <form
      role="search"
      aria-label={t('common:list.filters')}
      onSubmit={submit}
      onKeyDown={(e) => {
        // Esc leaves the filters for the rows, where the list keys work again. Keys from an
        // open select's list arrive here through the React tree but are not in this form:
        // that Esc only closes the list.
        if (e.key !== 'Escape' || !e.currentTarget.contains(e.target as Node)) return
        e.preventDefault()
        onLeave()
      }}
    >
      <Flex gap="3" align="end" wrap="wrap">
        {fields.map((f, i) => (
          <Flex key={f.name} direction="column" gap="1">
            <Text as="label" size="1" htmlFor={`${id}-${f.name}`}>
              {f.label}
            </Text>
            {control(f, `${id}-${f.name}`, focusRef(i))}
            {errors[f.name] ? (
              <Text size="1" color="red" role="alert" data-testid={`filter-error-${f.name}`}>
                {t(errors[f.name])}
              </Text>
            ) : null}
          </Flex>
        ))}
        <Button type="submit" size="1">
          {t('common:list.search')}
        </Button>
        <Button type="button" size="1" variant="soft" color="gray" onClick={reset}>
          {t('common:list.reset')}
        </Button>
      </Flex>
    </form>
  )
}
