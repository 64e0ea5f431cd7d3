import { Checkbox, Flex, Text } from '@radix-ui/themes'
import type { ReactNode } from 'react'
import type { FieldValues } from 'react-hook-form'
import { useField, type FieldProps } from './Field'

interface Props<V extends FieldValues> extends Omit<FieldProps<V>, 'label'> {
  /** Text, or text with links (the register form's agreement). */
  label: ReactNode
  disabled?: boolean
}

/** A yes/no field: a checkbox with its label on the right and its error below. */
export function CheckboxInput<V extends FieldValues>(p: Props<V>) {
  const { field, error, aria } = useField({ ...p, label: '' })
  return (
    <Flex direction="column" gap="1">
      <Flex gap="2" align="center">
        <Checkbox
          id={aria.id}
          ref={field.ref}
          name={field.name}
          checked={field.value === true}
          disabled={p.disabled}
          aria-invalid={aria['aria-invalid']}
          aria-describedby={aria['aria-describedby']}
          onCheckedChange={(c) => field.onChange(c === true)}
          onBlur={field.onBlur}
        />
        <Text as="label" htmlFor={aria.id} size="2">
          {p.label}
        </Text>
      </Flex>
      {p.hint ? (
        <Text id={`${aria.id}-hint`} size="1" color="gray">
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
