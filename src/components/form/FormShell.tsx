import { Button, Callout, Flex } from '@radix-ui/themes'
import type { ReactNode } from 'react'
import type { FieldValues } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { LeaveGuard } from './LeaveGuard'
import type { FormApi } from './useZodForm'

interface Props<V extends FieldValues> {
  form: FormApi<V, any>
  children: ReactNode
  /** Label of the submit button (default: Save). */
  submitLabel?: string
  /** Buttons beside submit (Cancel, Back…). */
  extra?: ReactNode
  /** Writes not allowed: the submit button is disabled (view only). */
  readOnly?: boolean
  /** Accessible name of the form. */
  label?: string
  /**
   * Ask before leaving with unsaved changes (route change, tab close). Records under /main
   * want it; sign-in steps do not (their half-typed password is not work to lose).
   */
  guard?: boolean
}

/**
 * The frame of every form: a real <form> (Enter in a field submits, the browser's own
 * behaviour), the refusal that belongs to no field as an alert above the fields, and the
 * actions below.
 */
export function FormShell<V extends FieldValues>({
  form,
  children,
  submitLabel,
  extra,
  readOnly,
  label,
  guard,
}: Props<V>) {
  const { t } = useTranslation()
  return (
    <form
      noValidate
      onSubmit={form.onSubmit}
      aria-label={label}
      aria-busy={form.submitting}
      data-dirty={form.dirty || undefined}
    >
      {guard && !readOnly ? <LeaveGuard when={form.hasUnsavedChanges} /> : null}
      <Flex direction="column" gap="4">
        {form.formError ? (
          <Callout.Root color="red" role="alert" size="1">
            <Callout.Text>{form.formError}</Callout.Text>
          </Callout.Root>
        ) : null}
        {children}
        <Flex gap="3" align="center" wrap="wrap">
          <Button type="submit" disabled={readOnly} loading={form.submitting}>
            {submitLabel ?? t('common:save')}
          </Button>
          {extra}
        </Flex>
      </Flex>
    </form>
  )
}
