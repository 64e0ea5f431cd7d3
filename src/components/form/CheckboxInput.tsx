import { Checkbox, Flex, Text } from '@radix-ui/themes'
import type { ReactNode } from 'react'
import type { FormApi } from './useZodForm'

interface Props<V extends Record<string, unknown>> {
  form: FormApi<V>
  name: Extract<keyof V, string>
  /** Text, or text with links (the register form's agreement). */
  label: ReactNode
  disabled?: boolean
}

/** A yes/no field: a checkbox with its label on the right and its error below. */
export function CheckboxInput<V extends Record<string, unknown>>(p: Props<V>) {
  const error = p.form.errors[p.name]
  const id = p.form.fieldId(p.name)
  return (
    <Flex direction="column" gap="1">
      <Flex gap="2" align="center">
        <Checkbox
          id={id}
          name={p.name}
          checked={p.form.values[p.name] === true}
          disabled={p.disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? p.form.errorId(p.name) : undefined}
          onCheckedChange={(c) => p.form.set(p.name, (c === true) as V[typeof p.name])}
        />
        <Text as="label" htmlFor={id} size="2">
          {p.label}
        </Text>
      </Flex>
      {error ? (
        <Text id={p.form.errorId(p.name)} size="1" color="red" data-field-error={p.name}>
          {error}
        </Text>
      ) : null}
    </Flex>
  )
}
