import { Button, Popover } from '@radix-ui/themes'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { Command } from 'cmdk'
import { useEffect, useState } from 'react'
import type { FieldValues } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { call } from '../api/client'
import { FieldFrame, useField, type FieldProps } from '../components/form/Field'
import { formatMoney } from '../lib/money'
import type { cards } from '../resources/cards'
import type { RowOf } from '../resources/kit'
import { cardSearchFilters } from './cardSearch'

type Card = RowOf<typeof cards>

/** How many cards one search shows: enough to choose from, small enough to read. */
const SHOWN = 20

const cardLabel = (c: Card, notIssued: string) =>
  [c.maskedNumber || notIssued, c.alias, c.merchantName, formatMoney(c.available, c.currency)]
    .filter(Boolean)
    .join(' · ')

interface CardPickerProps {
  /** The chosen card's id as text; '' for none. */
  value: string
  onChange: (cardId: string) => void
  /** The field's name, for the trigger and the search box. */
  label: string
  /** The trigger's id, aria-invalid and aria-describedby, from the field around it. */
  aria?: Record<string, unknown>
  triggerRef?: React.Ref<HTMLButtonElement>
}

/**
 * A card chosen by searching the cards the user reaches (`/card/list`, the server's scope): type
 * the last four digits, the masked number as the lists show it, a BIN or part of the alias. It
 * shows only the masked number, never a full card number. Like the
 * project's other pickers (SearchPicker): the trigger opens a popover with a search box
 * (cmdk: arrows, Enter picks, Esc closes and returns to the trigger).
 */
export function CardPicker({ value, onChange, label, aria, triggerRef }: CardPickerProps) {
  const { t } = useTranslation(['cardOps', 'cards', 'common'])
  const [open, setOpen] = useState(false)
  const [typed, setTyped] = useState('')
  const [chosen, setChosen] = useState('')
  const [active, setActive] = useState('')
  const filters = cardSearchFilters(typed)
  const { data, isFetching } = useQuery({
    queryKey: ['card', 'picker', filters],
    queryFn: () =>
      call('/card/list', {
        pageNum: 1,
        pageSize: SHOWN,
        sort: { field: 'createdAt', order: 'desc' },
        filters,
      }),
    enabled: open,
    placeholderData: keepPreviousData,
  })
  const found = data?.list ?? []
  const notIssued = t('cards:cardList.notYetIssued')
  // The first card found is the one Enter picks, as in the other pickers.
  const first = found[0] ? String(found[0].id) : ''
  useEffect(() => setActive(first), [first])
  const pick = (c: Card) => {
    onChange(String(c.id))
    setChosen(cardLabel(c, notIssued))
    setOpen(false)
  }
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger>
        <Button
          {...aria}
          ref={triggerRef}
          type="button"
          variant="surface"
          color="gray"
          highContrast={!!value}
          role="combobox"
          aria-label={label}
          aria-expanded={open}
          aria-haspopup="listbox"
          className="vcc-search-picker-trigger"
          style={{ justifyContent: 'flex-start' }}
        >
          {value ? chosen || `#${value}` : t('cardOps:chooseCard')}
        </Button>
      </Popover.Trigger>
      <Popover.Content size="1" align="start" className="vcc-search-picker vcc-card-picker">
        <Command shouldFilter={false} loop value={active} onValueChange={setActive}>
          <Command.Input
            autoFocus
            value={typed}
            onValueChange={setTyped}
            aria-label={t('common:list.searchIn', { field: label })}
            placeholder={t('cardOps:cardSearchHint')}
          />
          <Command.List aria-busy={isFetching || undefined}>
            {!isFetching && found.length === 0 ? (
              <Command.Empty>{t('common:list.noMatch')}</Command.Empty>
            ) : null}
            {found.map((c) => (
              <Command.Item
                key={c.id}
                value={String(c.id)}
                data-checked={String(c.id) === value || undefined}
                onSelect={() => pick(c)}
              >
                {cardLabel(c, notIssued)}
              </Command.Item>
            ))}
          </Command.List>
        </Command>
      </Popover.Content>
    </Popover.Root>
  )
}

/** The card picker as a form field: the form's value is the chosen card's id as text. */
export function CardPickerInput<V extends FieldValues>(p: FieldProps<V>) {
  const { field, error, aria } = useField(p)
  return (
    <FieldFrame {...p} error={error}>
      <CardPicker
        value={field.value ? String(field.value) : ''}
        onChange={field.onChange}
        label={p.label}
        aria={aria}
        triggerRef={field.ref}
      />
    </FieldFrame>
  )
}
