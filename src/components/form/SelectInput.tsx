import { Select } from '@radix-ui/themes'
import type { FieldValues } from 'react-hook-form'
import { FieldFrame, useField, type FieldProps } from './Field'
import '../contrast.css'

export interface Option {
  value: string
  label: string
}

interface Props<V extends FieldValues> extends FieldProps<V> {
  options: Option[]
  placeholder?: string
  disabled?: boolean
}

/**
 * A choice from a list (Radix Select: arrows move, typing jumps, Enter picks). The trigger
 * carries the field's id, so the label names it and a failed submit can focus it.
 */
export function SelectInput<V extends FieldValues>(p: Props<V>) {
  const { field, error, aria } = useField(p)
  return (
    <FieldFrame {...p} error={error}>
      <Select.Root
        name={field.name}
        value={field.value ? String(field.value) : ''}
        disabled={p.disabled}
        onValueChange={(v) => field.onChange(v)}
      >
        <Select.Trigger {...aria} ref={field.ref} placeholder={p.placeholder} />
        <Select.Content position="popper">
          {p.options.map((o) => (
            <Select.Item key={o.value} value={o.value}>
              {o.label}
            </Select.Item>
          ))}
        </Select.Content>
      </Select.Root>
    </FieldFrame>
  )
}
