import { TextField } from '@radix-ui/themes'
import { TEXT_MAX } from '../../lib/validators'
import { FieldFrame, fieldAria, type FieldProps } from './Field'

interface Props<V extends Record<string, unknown>> extends FieldProps<V> {
  type?: 'text' | 'email' | 'password' | 'number' | 'url' | 'search'
  /** Spec §5: 100 unless the field says otherwise. */
  maxLength?: number
  autoComplete?: string
  readOnly?: boolean
  autoFocus?: boolean
  placeholder?: string
}

/** A single-line text field of the form pattern. */
export function TextInput<V extends Record<string, unknown>>(p: Props<V>) {
  const value = p.form.values[p.name]
  return (
    <FieldFrame {...p}>
      <TextField.Root
        {...fieldAria(p)}
        name={p.name}
        type={p.type ?? 'text'}
        value={value === undefined || value === null ? '' : String(value)}
        maxLength={p.maxLength ?? TEXT_MAX}
        autoComplete={p.autoComplete}
        readOnly={p.readOnly}
        autoFocus={p.autoFocus}
        placeholder={p.placeholder}
        onChange={(e) => p.form.set(p.name, e.target.value as V[typeof p.name])}
      />
    </FieldFrame>
  )
}
