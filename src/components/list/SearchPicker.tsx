import { Button, Popover } from '@radix-ui/themes'
import { Command } from 'cmdk'
import { forwardRef, useState } from 'react'
import { useTranslation } from 'react-i18next'

export interface PickerOption {
  value: string
  label: string
}

interface Props {
  id?: string
  /** The accessible name (the filter's label). */
  label: string
  value: string
  /** The choice that means "no filter", listed first. */
  all: PickerOption
  options: PickerOption[]
  onChange: (value: string) => void
}

/**
 * A select whose list can be searched: for choices that grow with the platform (companies,
 * merchants), where a plain select's type-ahead on the first letters is not enough. The
 * trigger opens a popover with a search box (cmdk: fuzzy match, arrows, Enter picks, Esc
 * closes and returns to the trigger).
 */
export const SearchPicker = forwardRef<HTMLButtonElement, Props>(function SearchPicker(
  { id, label, value, all, options, onChange },
  ref,
) {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  const chosen = options.find((o) => o.value === value) ?? all
  const pick = (v: string) => {
    onChange(v)
    setOpen(false)
  }
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger>
        <Button
          id={id}
          ref={ref}
          type="button"
          size="1"
          variant="surface"
          color="gray"
          // A chosen value reads as a value, "All" as the quiet default.
          highContrast={chosen.value !== all.value}
          role="combobox"
          aria-label={label}
          aria-expanded={open}
          aria-haspopup="listbox"
          className="vcc-search-picker-trigger"
        >
          {chosen.label.trim()}
        </Button>
      </Popover.Trigger>
      <Popover.Content size="1" align="start" className="vcc-search-picker">
        <Command loop>
          <Command.Input
            autoFocus
            aria-label={t('common:list.searchIn', { field: label })}
            placeholder={t('common:list.typeToSearch')}
          />
          <Command.List>
            <Command.Empty>{t('common:list.noMatch')}</Command.Empty>
            {[all, ...options].map((o) => (
              // cmdk matches on `value`; the option's own value rides in the key and onSelect.
              <Command.Item
                key={o.value}
                value={`${o.label} ${o.value}`}
                data-checked={o.value === chosen.value || undefined}
                onSelect={() => pick(o.value)}
              >
                {o.label}
              </Command.Item>
            ))}
          </Command.List>
        </Command>
      </Popover.Content>
    </Popover.Root>
  )
})
