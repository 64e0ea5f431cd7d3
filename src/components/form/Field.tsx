import { Flex, Text } from '@radix-ui/themes'
import type { ReactNode } from 'react'
import { useController, type FieldPath, type FieldValues } from 'react-hook-form'
import type { FormApi } from './useZodForm'

/**
 * What every field component takes: the form, the value's name (a dotted path reaches nested
 * fields and array rows: `tiers.0.amount`) and its visible label.
 */
export interface FieldProps<V extends FieldValues> {
  form: FormApi<V, any>
  name: FieldPath<V>
  label: string
  /** Extra help under the field, announced with it. */
  hint?: string
  required?: boolean
}

/**
 * A field's value and message from the form, plus the ids that link its control to its label,
 * hint and error (aria-describedby).
 */
export function useField<V extends FieldValues>(p: FieldProps<V>) {
  const { field, fieldState } = useController({ control: p.form.control, name: p.name })
  const error = fieldState.error?.message
  const id = p.form.fieldId(p.name)
  const described = [p.hint ? `${id}-hint` : '', error ? p.form.errorId(p.name) : '']
    .filter(Boolean)
    .join(' ')
  return {
    field,
    error,
    aria: {
      id,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': described || undefined,
      'aria-required': p.required || undefined,
    } as const,
  }
}

/** Label above, control, then the hint and the error message (spec wording) below. */
export function FieldFrame<V extends FieldValues>({
  children,
  error,
  emptyReason,
  ...p
}: FieldProps<V> & { children: ReactNode; error?: string; emptyReason?: boolean }) {
  const id = p.form.fieldId(p.name)
  return (
    <Flex direction="column" gap="1">
      {/* The mark stays outside the label: the field's name is the label's text alone, and
          aria-required tells assistive technology what the mark shows. */}
      <Flex gap="1">
        <Text as="label" htmlFor={id} size="2" weight="medium">
          {p.label}
        </Text>
        {p.required ? (
          <Text size="2" color="red" aria-hidden>
            *
          </Text>
        ) : null}
      </Flex>
      {children}
      {p.hint ? (
        // The hint is also where a picker with nothing to pick says why.
        <Text id={`${id}-hint`} size="1" color="gray" data-empty-reason={emptyReason || undefined}>
          {p.hint}
        </Text>
      ) : null}
      {error ? (
        <Text id={p.form.errorId(p.name)} size="1" color="red" data-field-error={p.name}>
          {error}
        </Text>
      ) : null}
    </Flex>
  )
}

/** A text control shows '' for an empty value (null or undefined would make it uncontrolled). */
export const asText = (v: unknown) => (v === undefined || v === null ? '' : String(v))
