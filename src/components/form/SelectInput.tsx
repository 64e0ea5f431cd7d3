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
  /**
   * Why the list can be empty, said under the field when it is (e.g. "No card BIN in shared
   * mode for USD is assigned to this merchant"): an empty list with no word looks broken.
   */
  emptyReason?: string
}

/**
 * A choice from a list (Radix Select: arrows move, typing jumps, Enter picks). The trigger
 * carries the field's id, so the label names it and a failed submit can focus it. An empty
 * list says why, when the caller gives `emptyReason`.
 */
export function SelectInput<V extends FieldValues>(p: Props<V>) {
  // The reason takes the hint's place (shown under the field and announced with it).
  const empty = p.options.length === 0 && p.emptyReason ? p.emptyReason : undefined
  const frame = { ...p, hint: empty ?? p.hint }
  const { field, error, aria } = useField(frame)
  return (
    <FieldFrame {...frame} error={error} emptyReason={!!empty}>
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
