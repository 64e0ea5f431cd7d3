import { Button, Flex, Select, Text, TextField } from '@radix-ui/themes'
import { useEffect, useId, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { TEXT_MAX } from '../../lib/validators'
import type { ListState } from './useList'

export type FilterField =
  { name: string; label: string; kind: 'text' } | { name: string; label: string; kind: 'flag' }

type Draft = Record<string, string>

const ALL = 'all'

/** URL value → what the control shows. */
function toDraft(fields: FilterField[], search: Record<string, unknown>): Draft {
  return Object.fromEntries(
    fields.map((f) => {
      const v = search[f.name]
      if (f.kind === 'flag') return [f.name, v === undefined ? ALL : String(v)]
      return [f.name, v === undefined ? '' : String(v)]
    }),
  )
}

/** What the control shows → URL value (undefined removes the param). */
function fromDraft(fields: FilterField[], draft: Draft): Record<string, unknown> {
  return Object.fromEntries(
    fields.map((f) => {
      const v = draft[f.name]
      if (f.kind === 'flag') return [f.name, v === ALL ? undefined : v === 'true']
      return [f.name, v.trim() || undefined]
    }),
  )
}

/**
 * The filters of a list: typed here, applied to the URL on Search (or Enter), which resets
 * to page 1. The first field is the one the listFilter shortcut focuses; Esc goes back to
 * the current row.
 */
export function FilterBar<Row>({ list, fields }: { list: ListState<Row>; fields: FilterField[] }) {
  const { t } = useTranslation()
  const id = useId()
  const search = list.search as Record<string, unknown>
  const applied = JSON.stringify(fields.map((f) => search[f.name]))
  const [draft, setDraft] = useState<Draft>(() => toDraft(fields, search))

  // The URL changed under us (back button, a link, Reset): show what is applied.
  useEffect(() => {
    setDraft(toDraft(fields, search))
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [applied])

  const submit = (e: FormEvent) => {
    e.preventDefault()
    list.applyFilters(fromDraft(fields, draft))
  }
  const reset = () => {
    const empty = toDraft(fields, {})
    setDraft(empty)
    list.applyFilters(fromDraft(fields, empty))
  }

  return (
    <form role="search" aria-label={t('common:list.filters')} onSubmit={submit}>
      <Flex gap="3" align="end" wrap="wrap">
        {fields.map((f, i) => (
          <Flex key={f.name} direction="column" gap="1">
            <Text as="label" size="1" htmlFor={`${id}-${f.name}`}>
              {f.label}
            </Text>
            {f.kind === 'text' ? (
              <TextField.Root
                id={`${id}-${f.name}`}
                size="1"
                value={draft[f.name]}
                maxLength={TEXT_MAX}
                ref={i === 0 ? (el) => void (list.filterRef.current = el) : undefined}
                onChange={(e) => setDraft((d) => ({ ...d, [f.name]: e.target.value }))}
                onKeyDown={(e) => {
                  // Esc leaves the filters for the rows, where the list keys work again.
                  if (e.key === 'Escape') {
                    e.preventDefault()
                    list.moveActive(0)
                  }
                }}
              />
            ) : (
              <Select.Root
                size="1"
                value={draft[f.name]}
                onValueChange={(v) => setDraft((d) => ({ ...d, [f.name]: v }))}
              >
                <Select.Trigger
                  id={`${id}-${f.name}`}
                  ref={i === 0 ? (el) => void (list.filterRef.current = el) : undefined}
                />
                <Select.Content position="popper">
                  <Select.Item value={ALL}>{t('common:list.all')}</Select.Item>
                  <Select.Item value="true">{t('common:yes')}</Select.Item>
                  <Select.Item value="false">{t('common:no')}</Select.Item>
                </Select.Content>
              </Select.Root>
            )}
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
