import { Flex, Text } from '@radix-ui/themes'
import type { ReactNode } from 'react'
import type { FormApi } from './useZodForm'

/** What every field component takes: the form, the value's name and its visible label. */
export interface FieldProps<V extends Record<string, unknown>> {
  form: FormApi<V>
  name: Extract<keyof V, string>
  label: string
  /** Extra help under the field, announced with it. */
  hint?: string
  required?: boolean
}

/** Ids that link a control to its label, hint and error (aria-describedby). */
export function fieldAria<V extends Record<string, unknown>>(p: FieldProps<V>) {
  const error = p.form.errors[p.name]
  const described = [
    p.hint ? `${p.form.fieldId(p.name)}-hint` : '',
    error ? p.form.errorId(p.name) : '',
  ]
    .filter(Boolean)
    .join(' ')
  return {
    id: p.form.fieldId(p.name),
    'aria-invalid': error ? true : undefined,
    'aria-describedby': described || undefined,
    'aria-required': p.required || undefined,
  } as const
}

/** Label above, control, then the hint and the error message (spec wording) below. */
export function FieldFrame<V extends Record<string, unknown>>({
  children,
  ...p
}: FieldProps<V> & { children: ReactNode }) {
  const error = p.form.errors[p.name]
  return (
    <Flex direction="column" gap="1">
      {/* The mark stays outside the label: the field's name is the label's text alone, and
          aria-required tells assistive technology what the mark shows. */}
      <Flex gap="1">
        <Text as="label" htmlFor={p.form.fieldId(p.name)} size="2" weight="medium">
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
        <Text id={`${p.form.fieldId(p.name)}-hint`} size="1" color="gray">
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
