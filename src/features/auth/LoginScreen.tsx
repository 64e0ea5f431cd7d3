import { Button, Callout, Flex, Link, Text, TextField } from '@radix-ui/themes'
import { getRouteApi, Link as RouterLink } from '@tanstack/react-router'
import { useId, useRef, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { ApiError, call } from '../../api/client'
import { isSafeText, TEXT_MAX } from '../../lib/textRules'
import { usePrerenderedForm } from '../../shell/prerendered'
import { PublicPage } from './PublicPage'
import { afterSignIn } from './signIn'
import { useGoNext } from './useGoNext'

const route = getRouteApi('/login')

type Field = 'loginName' | 'password'
type Values = Record<Field, string>
type Errors = Partial<Record<Field, 'required' | 'unsafeText'>>

/**
 * The server's LoginBody rules, checked here without the form library and zod (neither is in
 * the sign-in page's first load): an account is trimmed, required and safe text; a password is
 * taken as typed (never trimmed, not held to today's rule), required. Lengths: the inputs'
 * maxLength. Same messages and behaviour as the form pattern: checked on submit, then on
 * every change; the first wrong field gets the focus.
 */
export function checkLogin(v: Values): Errors {
  const errors: Errors = {}
  const name = v.loginName.trim()
  if (!name) errors.loginName = 'required'
  else if (!isSafeText(name)) errors.loginName = 'unsafeText'
  if (!v.password) errors.password = 'required'
  else if (!isSafeText(v.password)) errors.password = 'unsafeText'
  return errors
}

/**
 * /login: credentials. The spec's errors ("Incorrect account or password…", "login Failed",
 * the lock-out) are the server's localised answers, shown above the fields.
 */
export function LoginScreen() {
  const { t } = useTranslation(['auth', 'common', 'validation'])
  const { from } = route.useSearch()
  const goNext = useGoNext()
  const id = useId().replace(/:/g, '')
  const [values, setValues] = useState<Values>({ loginName: '', password: '' })
  const [errors, setErrors] = useState<Errors>({})
  const [tried, setTried] = useState(false)
  const [formError, setFormError] = useState<string | null>(null)
  const [submitting, setSubmitting] = useState(false)
  const busy = useRef(false)
  const form = useRef<HTMLFormElement>(null)
  // Served prerendered (src/shell/prerendered.ts): what was typed before the console took over.
  usePrerenderedForm(form, (typed) =>
    setValues({ loginName: typed.loginName ?? '', password: typed.password ?? '' }),
  )

  const change = (field: Field, value: string) => {
    const next = { ...values, [field]: value }
    setValues(next)
    if (tried) setErrors(checkLogin(next))
  }

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    if (busy.current) return
    // The inputs, not the state: a submission held on the prerendered page is made again
    // before the state has what was typed there (usePrerenderedForm).
    const inputs = e.currentTarget.elements
    const values: Values = {
      loginName: (inputs.namedItem('loginName') as HTMLInputElement).value,
      password: (inputs.namedItem('password') as HTMLInputElement).value,
    }
    setFormError(null)
    setTried(true)
    const found = checkLogin(values)
    setErrors(found)
    const first = (['loginName', 'password'] as const).find((f) => found[f])
    if (first) {
      document.getElementById(`${id}-${first}`)?.focus()
      return
    }
    busy.current = true
    setSubmitting(true)
    try {
      const body = { loginName: values.loginName.trim(), password: values.password }
      goNext(afterSignIn(await call('/login', body), from))
    } catch (err) {
      const fieldMessages = err instanceof ApiError ? err.fieldErrors.map((f) => f.message) : []
      setFormError(
        fieldMessages.length
          ? fieldMessages.join(' ')
          : err instanceof Error
            ? err.message
            : t('common:failed'),
      )
    } finally {
      busy.current = false
      setSubmitting(false)
    }
  }

  const field = (name: Field, label: string, type: 'text' | 'password', autoComplete: string) => {
    const fieldId = `${id}-${name}`
    const error = errors[name]
    return (
      <Flex direction="column" gap="1">
        <Flex gap="1">
          <Text as="label" htmlFor={fieldId} size="2" weight="medium">
            {label}
          </Text>
          <Text size="2" color="red" aria-hidden>
            *
          </Text>
        </Flex>
        <TextField.Root
          id={fieldId}
          name={name}
          type={type}
          value={values[name]}
          maxLength={TEXT_MAX}
          autoComplete={autoComplete}
          autoFocus={name === 'loginName'}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${fieldId}-error` : undefined}
          aria-required
          onChange={(e) => change(name, e.target.value)}
        />
        {error ? (
          <Text id={`${fieldId}-error`} size="1" color="red" data-field-error={name}>
            {t(`validation:${error}`)}
          </Text>
        ) : null}
      </Flex>
    )
  }

  return (
    <PublicPage title={t('login.title')} lead={t('login.lead')}>
      <form
        ref={form}
        noValidate
        onSubmit={(e) => void onSubmit(e)}
        aria-label={t('login.title')}
        aria-busy={submitting}
      >
        <Flex direction="column" gap="4">
          {formError ? (
            <Callout.Root color="red" role="alert" size="1">
              <Callout.Text>{formError}</Callout.Text>
            </Callout.Root>
          ) : null}
          {field('loginName', t('login.loginName'), 'text', 'username')}
          {field('password', t('login.password'), 'password', 'current-password')}
          <Flex gap="3" align="center" wrap="wrap">
            <Button type="submit" loading={submitting}>
              {t('login.submit')}
            </Button>
          </Flex>
        </Flex>
      </form>
      <Flex justify="between" wrap="wrap" gap="2">
        <Link asChild size="2">
          <RouterLink to="/forgotpassword">{t('login.forgot')}</RouterLink>
        </Link>
        <Text size="2">
          {t('login.noAccount')}{' '}
          <Link asChild underline="always">
            <RouterLink to="/register">{t('login.register')}</RouterLink>
          </Link>
        </Text>
      </Flex>
    </PublicPage>
  )
}
