import { Select } from '@radix-ui/themes'
import { FieldFrame, fieldAria, type FieldProps } from './Field'
import '../contrast.css'

export interface Option {
  value: string
  label: string
}

interface Props<V extends Record<string, unknown>> extends FieldProps<V> {
  options: Option[]
  placeholder?: string
  disabled?: boolean
}

/**
 * A choice from a list (Radix Select: arrows move, typing jumps, Enter picks). The trigger
 * carries the field's id, so the label names it and a failed submit can focus it.
 */
export function SelectInput<V extends Record<string, unknown>>(p: Props<V>) {
  const value = p.form.values[p.name]
  return (
    <FieldFrame {...p}>
      <Select.Root
        name={p.name}
        value={value ? String(value) : ''}
        disabled={p.disabled}
        onValueChange={(v) => p.form.set(p.name, v as V[typeof p.name])}
      >
        <Select.Trigger {...fieldAria(p)} placeholder={p.placeholder} />
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
