/**
 * Maps a zod issue to a message key of the `validation` namespace and its parameters, so the
 * console's forms and the server's 400 answers speak the spec's generic messages in the same
 * words. Pure: no React, no server.
 */
import validationMessages from '../i18n/locales/en-US/validation.json'

/** A message of the `validation` namespace (typed from its en-US file). */
export type ValidationKey = keyof typeof validationMessages

const isValidationKey = (key: string): key is ValidationKey =>
  Object.hasOwn(validationMessages, key)

export interface FieldMessage {
  key: ValidationKey
  params?: Record<string, unknown>
}

interface IssueLike {
  code: string
  message?: string
  input?: unknown
  expected?: string
  format?: string
  origin?: string
  minimum?: number | bigint
  maximum?: number | bigint
  inclusive?: boolean
  values?: unknown[]
  /** A custom issue naming its message and parameters: `{ key: 'amountMax', max: '$10.00' }`. */
  params?: Record<string, unknown>
}

/** A schema may name its own message as `validation:<key>` (e.g. the password rule). */
const OWN_KEY = /^validation:([\w.]+)$/

export function fieldMessage(issue: IssueLike): FieldMessage {
  const own = issue.message ? OWN_KEY.exec(issue.message) : null
  // A rule naming a message the namespace lacks reads as a format error rather than a raw key.
  if (own) return { key: isValidationKey(own[1]) ? own[1] : 'format' }
  const named = issue.code === 'custom' ? issue.params : undefined
  if (named && typeof named.key === 'string' && isValidationKey(named.key)) {
    const { key, ...params } = named
    return { key, params }
  }
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return { key: 'required' }
      if (issue.expected === 'number' || issue.expected === 'int') return { key: 'number' }
      return { key: 'format' }
    case 'too_small':
      if (issue.origin === 'string') {
        // Zod leaves `input` out of issues unless asked: shorter than 1 can only be empty.
        if (Number(issue.minimum) === 1) return { key: 'required' }
        return { key: 'lengthMin', params: { min: Number(issue.minimum) } }
      }
      if (issue.origin === 'array' && Number(issue.minimum) === 1) return { key: 'selectRow' }
      return { key: 'notLessThan', params: { min: Number(issue.minimum) } }
    case 'too_big':
      if (issue.origin === 'string')
        return { key: 'lengthMax', params: { max: Number(issue.maximum) } }
      return { key: 'notGreaterThan', params: { max: Number(issue.maximum) } }
    case 'invalid_format':
      if (issue.format === 'email') return { key: 'email' }
      if (issue.format === 'url') return { key: 'website' }
      return { key: 'format' }
    case 'invalid_value':
      return { key: 'format' }
    default:
      return { key: 'format' }
  }
}
