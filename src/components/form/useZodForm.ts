import { useCallback, useId, useRef, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import type { z } from 'zod'
import { ApiError } from '../../api/client'
import { fieldMessage } from '../../lib/fieldErrors'

/**
 * The one form pattern (docs/list-and-form-pattern.md): the values a user types, checked by
 * a zod schema built from src/lib/validators (the same rules as the server), with the spec's
 * messages from src/lib/fieldErrors. A refused submit maps the server's field errors onto the
 * same fields, and anything else onto the form's own error line.
 */
type Values = Record<string, unknown>
type Errors<V> = Partial<Record<Extract<keyof V, string>, string>>

export interface FormApi<V extends Values> {
  /** Prefix of every field's DOM id (labels, aria-describedby, focusing the first error). */
  id: string
  values: V
  errors: Errors<V>
  /** A refusal that belongs to no field (e.g. wrong password, view only). */
  formError: string | null
  submitting: boolean
  set: <K extends Extract<keyof V, string>>(name: K, value: V[K]) => void
  reset: (values: V) => void
  onSubmit: (e?: FormEvent) => void
  fieldId: (name: string) => string
  errorId: (name: string) => string
}

interface Options<S extends z.ZodType> {
  schema: S
  initial: z.input<S> & Values
  /** Runs with the parsed values; throw (an ApiError) to refuse. */
  submit: (data: z.output<S>) => Promise<unknown>
  /** Called instead of showing the refusal on the form, when it returns true. */
  onRefused?: (err: unknown) => boolean | void
}

export function useZodForm<S extends z.ZodType>({
  schema,
  initial,
  submit,
  onRefused,
}: Options<S>): FormApi<z.input<S> & Values> {
  type V = z.input<S> & Values
  const { t } = useTranslation()
  const id = useId().replace(/:/g, '')
  const [values, setValues] = useState<V>(initial)
  const [errors, setErrors] = useState<Errors<V>>({})
  const [formError, setFormError] = useState<string | null>(null)
  const [submitting, setSubmitting] = useState(false)
  // After the first submit, every change re-checks the form so messages clear as soon as
  // the user fixes them (and not before they have tried).
  const attempted = useRef(false)

  const fieldId = useCallback((name: string) => `${id}-${name}`, [id])
  const errorId = useCallback((name: string) => `${id}-${name}-error`, [id])

  const check = useCallback(
    (next: V): { ok: true; data: z.output<S> } | { ok: false; errors: Errors<V> } => {
      const result = schema.safeParse(next, { reportInput: true })
      if (result.success) return { ok: true, data: result.data }
      const found: Record<string, string> = {}
      for (const issue of result.error.issues) {
        const name = String(issue.path[0] ?? '')
        if (found[name]) continue
        const m = fieldMessage(issue as never)
        found[name] = t(`validation:${m.key}`, m.params)
      }
      return { ok: false, errors: found as Errors<V> }
    },
    [schema, t],
  )

  const set = useCallback(
    <K extends Extract<keyof V, string>>(name: K, value: V[K]) => {
      setValues((prev) => {
        const next = { ...prev, [name]: value }
        if (attempted.current) {
          const r = check(next)
          setErrors(r.ok ? {} : r.errors)
        }
        return next
      })
    },
    [check],
  )

  const reset = useCallback((next: V) => {
    attempted.current = false
    setValues(next)
    setErrors({})
    setFormError(null)
  }, [])

  const focusFirst = (names: string[]) => {
    // Fields are in DOM order; focus the first one that has a message.
    const el = names
      .map((n) => document.getElementById(fieldId(n)))
      .filter((x): x is HTMLElement => !!x)
      .sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1))[0]
    el?.focus()
  }

  const showRefusal = (err: unknown) => {
    if (onRefused?.(err)) return
    if (err instanceof ApiError && err.fieldErrors.length > 0) {
      const known = new Set(Object.keys(values))
      const mapped: Record<string, string> = {}
      const other: string[] = []
      for (const fe of err.fieldErrors) {
        // The server names nested fields with dots; the form's fields are the first segment.
        const name = fe.field.split('.')[0]
        if (known.has(name) && !mapped[name]) mapped[name] = fe.message
        else other.push(fe.message)
      }
      setErrors(mapped as Errors<V>)
      setFormError(other.length ? other.join(' ') : null)
      focusFirst(Object.keys(mapped))
      return
    }
    setFormError(err instanceof Error ? err.message : t('common:failed'))
  }

  const onSubmit = (e?: FormEvent) => {
    e?.preventDefault()
    if (submitting) return
    attempted.current = true
    setFormError(null)
    const r = check(values)
    if (!r.ok) {
      setErrors(r.errors)
      focusFirst(Object.keys(r.errors))
      return
    }
    setErrors({})
    setSubmitting(true)
    submit(r.data)
      .catch(showRefusal)
      .finally(() => setSubmitting(false))
  }

  return {
    id,
    values,
    errors,
    formError,
    submitting,
    set,
    reset,
    onSubmit,
    fieldId,
    errorId,
  }
}
