import { TextArea } from '@radix-ui/themes'
import type { KeyboardEvent } from 'react'
import type { FieldValues } from 'react-hook-form'
import { TEXTAREA_MAX } from '../../lib/validators'
import { asText, FieldFrame, useField, type FieldProps } from './Field'

interface Props<V extends FieldValues> extends FieldProps<V> {
  /** Spec §5: 500 unless the field says otherwise. */
  maxLength?: number
  readOnly?: boolean
  rows?: number
}

/**
 * Ctrl+Enter (Cmd+Enter) submits the textarea's form the way Enter submits from a text field:
 * through its submit button, so a read-only form (disabled button) does not submit either.
 */
export function submitOnCtrlEnter(e: KeyboardEvent<HTMLElement>) {
  if (e.key !== 'Enter' || !(e.ctrlKey || e.metaKey)) return
  const form = (e.target as HTMLTextAreaElement).form
  const button = form?.querySelector<HTMLButtonElement>('button[type="submit"]')
  e.preventDefault()
  if (form && button && !button.disabled) form.requestSubmit(button)
}

/** A multi-line text field of the form pattern. Enter adds a line; the form submits on Ctrl+Enter. */
export function TextAreaInput<V extends FieldValues>(p: Props<V>) {
  const { field, error, aria } = useField(p)
  return (
    <FieldFrame {...p} error={error}>
      <TextArea
        {...aria}
        ref={field.ref}
        name={field.name}
        rows={p.rows ?? 3}
        value={asText(field.value)}
        maxLength={p.maxLength ?? TEXTAREA_MAX}
        readOnly={p.readOnly}
        onChange={(e) => field.onChange(e.target.value)}
        onBlur={field.onBlur}
        onKeyDown={submitOnCtrlEnter}
      />
    </FieldFrame>
  )
}
