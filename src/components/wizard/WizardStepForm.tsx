import { Button } from '@radix-ui/themes'
import { useEffect, type ReactNode } from 'react'
import type { FieldValues } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import type { z } from 'zod'
import { FormShell, useZodForm, type FormApi } from '../form'
import type { WizardApi } from './useWizard'

interface Props<S extends z.ZodObject> {
  wizard: WizardApi
  schema: S
  /** Accessible name of the step's form. */
  label: string
  children: (form: FormApi<z.input<S> & FieldValues, z.output<S>>) => ReactNode
}

/**
 * One step's fields as a form of the form library: its values go to the machine as they are
 * typed (so the draft and the step list follow), Enter or Next checks the step and, when the
 * machine allows it, moves on; Back is enabled by `snapshot.can({type: 'BACK'})`. A field the
 * server refused shows its message and takes the focus.
 */
export function WizardStepForm<S extends z.ZodObject>({
  wizard,
  schema,
  label,
  children,
}: Props<S>) {
  const { t } = useTranslation('wizard')
  const { send } = wizard
  const fields = Object.keys(schema.shape)
  const data = wizard.snapshot.context.data
  const initial = Object.fromEntries(
    fields.map((f) => [f, data[f]]).filter(([, v]) => v !== undefined),
  )
  const complaints = wizard.snapshot.context.fieldErrors

  const form = useZodForm({
    schema: schema as unknown as z.ZodType<FieldValues, FieldValues>,
    initial: initial as never,
    submit: async () => {
      // Valid by its schema; the machine also holds the server's open complaints.
      if (wizard.current().can({ type: 'NEXT' })) send({ type: 'NEXT' })
      else showComplaints()
    },
  })

  const showComplaints = () => {
    const open = fields.filter((f) => f in wizard.current().context.fieldErrors)
    for (const f of open) {
      form.rhf.setError(f as never, {
        type: 'server',
        message: wizard.current().context.fieldErrors[f],
      })
    }
    if (open[0]) document.getElementById(form.fieldId(open[0]))?.focus()
  }

  useEffect(() => {
    const sub = form.rhf.watch((values) =>
      send({ type: 'UPDATE', data: values as Record<string, unknown> }),
    )
    return () => sub.unsubscribe()
  }, [form.rhf, send])

  // The server's complaints about this step's fields: shown on arrival, gone once changed.
  useEffect(() => {
    for (const f of fields) {
      if (
        !(f in complaints) &&
        (form.rhf.getFieldState(f as never).error as { type?: string } | undefined)?.type ===
          'server'
      ) {
        form.rhf.clearErrors(f as never)
      }
    }
    showComplaints()
    // The complaints are the trigger; the rest is stable for this step.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [complaints])

  const last = wizard.position === wizard.definition.steps.length - 1
  return (
    <FormShell
      form={form}
      label={label}
      submitLabel={last ? t('review') : t('next')}
      extra={
        <Button
          type="button"
          variant="soft"
          color="gray"
          disabled={!wizard.can.back}
          onClick={() => send({ type: 'BACK' })}
        >
          {t('back')}
        </Button>
      }
    >
      {children(form as never)}
    </FormShell>
  )
}
