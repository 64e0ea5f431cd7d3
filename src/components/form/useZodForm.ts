import { useCallback, useId, useMemo, useRef, useState, type FormEvent } from 'react'
import { useForm, type Control, type FieldValues, type UseFormReturn } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import type { z } from 'zod'
import { ApiError } from '../../api/client'
import { errorPaths, placeFieldErrors } from '../../lib/formPaths'
import { schemaResolver } from './resolver'

/**
 * The one form pattern (docs/list-and-form-pattern.md) on react-hook-form: values checked by a
 * zod schema built from src/lib/validators (the server's rules) with the spec's messages; a
 * refused submit puts the server's field errors under their fields (dotted names reach nested
 * fields and array rows) and anything else in the form's alert. The fields are
 * react-hook-form's own state; this adds the pieces every screen needs around it.
 */
export interface FormApi<V extends FieldValues, O = V> {
  /** react-hook-form itself (watch, setValue, getValues… for a screen's own rules). */
  rhf: UseFormReturn<V, unknown, O>
  control: Control<V, unknown, O>
  /** Prefix of every field's DOM id (labels, aria-describedby, focusing the first error). */
  id: string
  /** A refusal that belongs to no field (e.g. wrong password, view only). */
  formError: string | null
  submitting: boolean
  /** Changed since loaded or last saved (a value typed back to the original is not a change). */
  dirty: boolean
  /** Whether leaving now loses changes: dirty, and not in the middle of saving them. */
  hasUnsavedChanges: () => boolean
  /** New starting values: the form is clean again. */
  reset: (values: V) => void
  onSubmit: (e?: FormEvent) => void
  fieldId: (name: string) => string
  errorId: (name: string) => string
}

interface Options<S extends z.ZodType<FieldValues, FieldValues>> {
  schema: S
  initial: z.input<S>
  /** Runs with the parsed values; throw (an ApiError) to refuse. */
  submit: (data: z.output<S>) => Promise<unknown>
  /** Called instead of showing the refusal on the form, when it returns true. */
  onRefused?: (err: unknown) => boolean | void
}

export function useZodForm<S extends z.ZodType<FieldValues, FieldValues>>({
  schema,
  initial,
  submit,
  onRefused,
}: Options<S>): FormApi<z.input<S>, z.output<S>> {
  type V = z.input<S>
  const { t } = useTranslation()
  const id = useId().replace(/:/g, '')
  const resolver = useMemo(() => schemaResolver(schema, t), [schema, t])
  const rhf = useForm<V, unknown, z.output<S>>({
    defaultValues: initial as never,
    resolver,
    // Checked on submit, then on every change: messages clear as soon as the field is fixed,
    // never before the first try.
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    // Focus goes to the first field in page order (ours, below), server errors included.
    shouldFocusError: false,
  })
  const [formError, setFormError] = useState<string | null>(null)
  const [submitting, setSubmitting] = useState(false)
  // Read synchronously by the leave guard: a save that navigates away must not be asked about.
  const busy = useRef(false)
  const dirty = rhf.formState.isDirty
  const dirtyRef = useRef(dirty)
  dirtyRef.current = dirty

  const fieldId = useCallback((name: string) => `${id}-${name}`, [id])
  const errorId = useCallback((name: string) => `${id}-${name}-error`, [id])

  const focusFirst = (names: string[]) => {
    const el = names
      .map((n) => document.getElementById(fieldId(n)))
      .filter((x): x is HTMLElement => !!x)
      .sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1))[0]
    el?.focus()
  }

  const showRefusal = (err: unknown) => {
    if (onRefused?.(err)) return
    if (err instanceof ApiError && err.fieldErrors.length > 0) {
      const placed = placeFieldErrors(err.fieldErrors, rhf.getValues())
      for (const fe of placed.fields) {
        rhf.setError(fe.field as never, { type: 'server', message: fe.message })
      }
      setFormError(placed.other.length ? placed.other.join(' ') : null)
      focusFirst(placed.fields.map((f) => f.field))
      return
    }
    setFormError(err instanceof Error ? err.message : t('common:failed'))
  }

  const onSubmit = (e?: FormEvent) => {
    e?.preventDefault()
    if (busy.current) return
    setFormError(null)
    void rhf.handleSubmit(
      async (data) => {
        busy.current = true
        setSubmitting(true)
        try {
          await submit(data)
          // Saved: what is on screen is now the starting point (no guard, clean form).
          rhf.reset(rhf.getValues())
        } catch (err) {
          showRefusal(err)
        } finally {
          busy.current = false
          setSubmitting(false)
        }
      },
      (errors) => {
        const paths = errorPaths(errors)
        // A message whose field is not on screen (a hidden step, a field drawn elsewhere)
        // goes to the form's alert: a submit that cannot go always says why.
        const unseen = paths
          .filter((p) => !document.getElementById(fieldId(p)))
          .map(
            (p) =>
              (rhf.getFieldState(p as never).error as { message?: string } | undefined)?.message,
          )
          .filter((m): m is string => !!m)
        if (unseen.length) setFormError(unseen.join(' '))
        focusFirst(paths)
      },
    )()
  }

  return {
    rhf,
    control: rhf.control,
    id,
    formError,
    submitting,
    dirty,
    hasUnsavedChanges: useCallback(() => dirtyRef.current && !busy.current, []),
    reset: (values: V) => {
      setFormError(null)
      rhf.reset(values)
    },
    onSubmit,
    fieldId,
    errorId,
  }
}
