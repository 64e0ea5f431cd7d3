import { TextField } from '@radix-ui/themes'
import type { FieldValues } from 'react-hook-form'
import { TEXT_MAX } from '../../lib/validators'
import { asText, FieldFrame, useField, type FieldProps } from './Field'

interface Props<V extends FieldValues> extends FieldProps<V> {
  type?: 'text' | 'email' | 'password' | 'number' | 'url' | 'search'
  /** Spec §5: 100 unless the field says otherwise. */
  maxLength?: number
  autoComplete?: string
  readOnly?: boolean
  autoFocus?: boolean
  placeholder?: string
}

/** A single-line text field of the form pattern. */
export function TextInput<V extends FieldValues>(p: Props<V>) {
  const { field, error, aria } = useField(p)
  return (
    <FieldFrame {...p} error={error}>
      <TextField.Root
        {...aria}
        ref={field.ref}
        name={field.name}
        type={p.type ?? 'text'}
        value={asText(field.value)}
        maxLength={p.maxLength ?? TEXT_MAX}
        autoComplete={p.autoComplete}
        readOnly={p.readOnly}
        autoFocus={p.autoFocus}
        placeholder={p.placeholder}
        onChange={(e) => field.onChange(e.target.value)}
        onBlur={field.onBlur}
      />
    </FieldFrame>
  )
}
