import { z } from 'zod'
import { lookUp, type Translate } from './codeLabels'

/**
 * The events the product sends mail for, and the variables each one's template may use
 * (DESIGN §13). Isomorphic: the server checks templates and renders against it, the console's
 * editor lists the variables to insert. A variable not declared here is refused on save.
 */
export const MAIL_LANGUAGES = ['en-US', 'zh-CN'] as const
export type MailLanguage = (typeof MAIL_LANGUAGES)[number]

/** What a variable holds. `url`: an absolute http(s) address; `text`: any already formatted text. */
export type MailVariableType = 'text' | 'number' | 'url'

export interface MailVariable {
  type: MailVariableType
  /** The value the preview uses without a real record, and the editor shows. */
  sample: string | number
}

/** Which kind of real record a preview may take its values from (the caller's reach limits it). */
export type MailRecordKind = 'user' | 'registration' | 'cardGroup'

interface MailEventSpec {
  variables: Record<string, MailVariable>
  record?: MailRecordKind
}

const text = (sample: string): MailVariable => ({ type: 'text', sample })
const number = (sample: number): MailVariable => ({ type: 'number', sample })
const url = (sample: string): MailVariable => ({ type: 'url', sample })

export const MAIL_EVENT_SPECS = {
  'password-reset': {
    record: 'user',
    variables: {
      name: text('Alex Chen'),
      loginName: text('alex.chen'),
      link: url('https://console.example.com/resetPassword?token=SAMPLE-TOKEN'),
      minutes: number(30),
    },
  },
  'signin-code': {
    record: 'user',
    variables: { name: text('Alex Chen'), code: text('482913'), minutes: number(10) },
  },
  'registration-received': {
    record: 'registration',
    variables: {
      name: text('Alex Chen'),
      companyName: text('Harbor Trading Ltd'),
      registrationId: number(1024),
    },
  },
  'registration-approved': {
    record: 'registration',
    variables: {
      name: text('Alex Chen'),
      companyName: text('Harbor Trading Ltd'),
      registrationId: number(1024),
      loginUrl: url('https://console.example.com/login'),
    },
  },
  'registration-rejected': {
    record: 'registration',
    variables: {
      name: text('Alex Chen'),
      companyName: text('Harbor Trading Ltd'),
      registrationId: number(1024),
      reason: text('The company registration number could not be verified.'),
    },
  },
  'admin-activation': {
    record: 'user',
    variables: {
      name: text('Alex Chen'),
      loginName: text('alex.chen'),
      link: url('https://console.example.com/firstTimeLogin?token=SAMPLE-TOKEN'),
      minutes: number(1440),
    },
  },
  'group-below-threshold': {
    record: 'cardGroup',
    variables: {
      user: text('Alex Chen'),
      name: text('Marketing team'),
      merchant: text('Skyline Air Tickets'),
      available: text('USD 180.00'),
      deposit: text('USD 1,000.00'),
      threshold: number(20),
    },
  },
  'invoice-issued': {
    variables: {
      name: text('Alex Chen'),
      companyName: text('Northwind Payments Ltd'),
      invoiceNo: text('INV-2026-0042'),
      amount: text('USD 1,250.00'),
      dueDate: text('2026-02-15'),
      link: url('https://console.example.com/main/invoices-company'),
    },
  },
  'report-ready': {
    variables: {
      name: text('Alex Chen'),
      reportName: text('Card spend by merchant'),
      period: text('2026-01-01 – 2026-01-31'),
      link: url('https://console.example.com/main/index'),
    },
  },
} as const satisfies Record<string, MailEventSpec>

export type MailEvent = keyof typeof MAIL_EVENT_SPECS
export const MAIL_EVENTS = Object.keys(MAIL_EVENT_SPECS) as [MailEvent, ...MailEvent[]]

export const mailEventSpec = (event: MailEvent): MailEventSpec => MAIL_EVENT_SPECS[event]

const valueSchema = (type: MailVariableType) =>
  type === 'number'
    ? z.number()
    : type === 'url'
      ? z.string().regex(/^https?:\/\/\S+$/)
      : z.string()

/** The values a render of `event` needs: every declared variable, of its type, nothing else. */
export function variablesSchema(event: MailEvent) {
  const shape = Object.fromEntries(
    Object.entries(mailEventSpec(event).variables).map(([name, v]) => [name, valueSchema(v.type)]),
  )
  return z.strictObject(shape)
}

/** The sample values of an event: what a preview without a record shows. */
export function sampleVariables(event: MailEvent): Record<string, string | number> {
  return Object.fromEntries(
    Object.entries(mailEventSpec(event).variables).map(([name, v]) => [name, v.sample]),
  )
}

/** UTF-8 bytes a template's content may take (issue 19: at most 100 KB). */
export const TEMPLATE_MAX_BYTES = 100 * 1024

/**
 * The send records' `template` column (the outbox's event names, kept from before the
 * templates) and the template event that writes each mail. The sender account's test mail has
 * no template: its text is in code.
 */
export const TEMPLATE_OF_SENT: Record<string, MailEvent> = {
  'auth.signin_code': 'signin-code',
  'auth.password_reset': 'password-reset',
  'merchant-registration-received': 'registration-received',
  'card-group.warning': 'group-below-threshold',
  'user.activation': 'admin-activation',
}

/**
 * A send record's `template` (the event that sent it) as words in the reader's language: what
 * the send records screens show and their export writes (the server passes its `t`).
 */
export function sentTemplateLabel(t: Translate, template: string): string {
  const event = TEMPLATE_OF_SENT[template]
  if (event) return lookUp(t, `mailTemplate:events.${event}`)
  return template === 'email-account.test' ? lookUp(t, 'outbox:sendRecord.testMail') : template
}
