import type { MessageKey } from '../i18n/keys'

/**
 * A resource's fields, declared once in its definition (DESIGN §5 "Fields once"): how each is
 * shown and entered (its widget) and where it appears. Its label, its form default, its
 * `maxLength` and its required mark are not declared: the label comes from the convention
 * below, the rest from the save schema (src/components/resource/fieldForm.ts).
 */

export type Presence = 'list' | 'form' | 'view' | 'export'

export type FieldSpec =
  | { widget: 'text' | 'textarea' | 'number' | 'flag' | 'date' | 'datetime'; in: Presence[] }
  /** Integer minor units; `currency` is the row field with the ISO 4217 code. */
  | { widget: 'money'; currency: string; in: Presence[] }
  /** A code of a dictionary: shown and exported as the value's label in the user's language. */
  | { widget: 'enum'; dict: string; in: Presence[] }
  /** A fixed code named by the product's messages: `<messages>.<code>` (`accounts:types`). */
  | { widget: 'code'; messages: string; in: Presence[] }
  /**
   * An id or code chosen from a list: the screen supplies it (channels…), or `of` names the
   * domain's list every feature shares (src/domain/pickers.tsx: companies, merchants,
   * currencies).
   */
  | { widget: 'picker'; of?: DomainList; in: Presence[] }

/** The lists src/domain keeps for every feature (what many need and none owns). */
export type DomainList = 'company' | 'merchant' | 'currency'

export type FieldSpecs = Record<string, FieldSpec>

const plain =
  (widget: 'text' | 'textarea' | 'number' | 'flag' | 'date' | 'datetime') =>
  (...where: Presence[]): FieldSpec => ({ widget, in: where })

/** `name: field.text('list', 'form', 'view', 'export')`: the widget, then where it appears. */
export const field = {
  text: plain('text'),
  textarea: plain('textarea'),
  number: plain('number'),
  flag: plain('flag'),
  date: plain('date'),
  datetime: plain('datetime'),
  money: (currency: string, ...where: Presence[]): FieldSpec => ({
    widget: 'money',
    currency,
    in: where,
  }),
  enum: (dict: string, ...where: Presence[]): FieldSpec => ({ widget: 'enum', dict, in: where }),
  code: (messages: string, ...where: Presence[]): FieldSpec => ({
    widget: 'code',
    messages,
    in: where,
  }),
  picker: (...where: Presence[]): FieldSpec => ({ widget: 'picker', in: where }),
  /** `merchantId: field.pickerOf('merchant', 'form')`: the domain's list, no screen code. */
  pickerOf: (of: DomainList, ...where: Presence[]): FieldSpec => ({
    widget: 'picker',
    of,
    in: where,
  }),
}

/** Fields every resource has, named once in `common`. */
const SHARED = ['createdAt'] as const
type Shared = (typeof SHARED)[number]

/**
 * The label convention (react-admin's getFieldLabelTranslationArgs): a field `name` of a
 * resource whose messages live under `cards:holder` is `cards:holder.fields.name`; the fields
 * every resource has are `common:<name>`. Filters are labelled the same way by their name.
 */
export type LabelKey<M extends string, K extends string> = K extends Shared
  ? `common:${K}`
  : `${M}.fields.${K}`

/**
 * A key whose label is missing in the messages becomes a required property of a string type
 * the field cannot satisfy: a field without its label does not compile.
 */
export type LabelsExist<M extends string, K extends string> = {
  [P in K as LabelKey<M, P> extends MessageKey ? never : P]: `no message ${LabelKey<M, P>}`
}

export function labelKey(messages: string, name: string): MessageKey {
  return (
    (SHARED as readonly string[]).includes(name) ? `common:${name}` : `${messages}.fields.${name}`
  ) as MessageKey
}

/** The names of the fields that appear in `where`, in their declared order. */
export function fieldsIn(fields: FieldSpecs, where: Presence): string[] {
  return Object.entries(fields)
    .filter(([, f]) => f.in.includes(where))
    .map(([name]) => name)
}
