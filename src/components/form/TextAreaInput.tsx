import { TextArea } from '@radix-ui/themes'
import { TEXTAREA_MAX } from '../../lib/validators'
import { FieldFrame, fieldAria, type FieldProps } from './Field'

interface Props<V extends Record<string, unknown>> extends FieldProps<V> {
  /** Spec §5: 500 unless the field says otherwise. */
  maxLength?: number
  readOnly?: boolean
  rows?: number
}

/** A multi-line text field of the form pattern. Enter adds a line; the form submits on Ctrl+Enter. */
export function TextAreaInput<V extends Record<string, unknown>>(p: Props<V>) {
  const value = p.form.values[p.name]
  return (
    <FieldFrame {...p}>
      <TextArea
        {...fieldAria(p)}
        name={p.name}
        rows={p.rows ?? 3}
        value={value === undefined || value === null ? '' : String(value)}
        maxLength={p.maxLength ?? TEXTAREA_MAX}
        readOnly={p.readOnly}
        onChange={(e) => p.form.set(p.name, e.target.value as V[typeof p.name])}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) p.form.onSubmit()
        }}
      />
    </FieldFrame>
  )
}
