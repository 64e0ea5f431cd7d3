import type { ReactNode } from 'react'
import type { FieldValues } from 'react-hook-form'
import type { z } from 'zod'
import type { Action, ResultOf } from '../../resources/action'
import { DialogCancel, DialogFrame } from '../dialog/DialogFrame'
import { FormShell, useZodForm, type FormApi } from '../form'
import { useAction, type SendOf } from './useAction'

interface Props<A extends Action, S extends z.ZodType<FieldValues, FieldValues>> {
  action: A
  open: boolean
  onClose: () => void
  title: string
  /** Under the title: what the action is done to (a card's number…). */
  subtitle?: ReactNode
  submitLabel?: string
  /** The form's fields as typed (text), with the spec's messages: money through src/domain. */
  schema: S
  initial: z.input<S>
  /** The checked form values as the action's input (its `requestId` is the hook's). */
  toInput: (values: z.output<S>) => SendOf<A>
  /** After success (a toast, a navigation); the dialog closes itself. */
  onDone?: (result: ResultOf<A>) => void
  children: (form: FormApi<z.input<S>, z.output<S>>) => ReactNode
}

/**
 * The dialog of an action (src/resources/action.ts): its form with Submit and Cancel, a close
 * button in the corner, Esc. A submit that cannot go shows why (under the field, or above the
 * fields for what has no field); a refusal stays in the dialog; what the action changes
 * refreshes (useAction). The form is made when the dialog opens, so each opening starts clean.
 */
export function ActionDialog<A extends Action, S extends z.ZodType<FieldValues, FieldValues>>(
  p: Props<A, S>,
) {
  return (
    <DialogFrame
      open={p.open}
      onClose={p.onClose}
      title={p.title}
      subtitle={p.subtitle}
      cancelInContent
    >
      {p.open ? <ActionForm {...p} /> : null}
    </DialogFrame>
  )
}

function ActionForm<A extends Action, S extends z.ZodType<FieldValues, FieldValues>>(
  p: Props<A, S>,
) {
  const run = useAction(p.action)
  const form = useZodForm({
    schema: p.schema,
    initial: p.initial,
    submit: async (values) => {
      const result = await run.mutateAsync(p.toInput(values))
      p.onDone?.(result)
      p.onClose()
    },
  })
  return (
    <FormShell form={form} label={p.title} submitLabel={p.submitLabel} extra={<DialogCancel />}>
      {p.children(form)}
    </FormShell>
  )
}
