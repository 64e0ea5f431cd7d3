import { codeLabel, isCodeOf, type Translate } from './codeLabels'
import { formatMoney, isCurrency } from './money'
import { AUDIT_OBJECT_TYPES, parseAuditTarget, type AuditObjectType } from './auditTargets'

/**
 * The audit log in words (docs/audit.md, "In words"): an entry's object by its name, its
 * changes as labelled fields — only those that changed, lists as the items added and removed,
 * codes as their labels — and a refusal as its message. Isomorphic: the console's entry,
 * history and list and the server's export read entries through these, in the reader's
 * language (`t`), so both say the same.
 */

/**
 * Fields that hold another object's id: the writer's row keeps that object's name as of the
 * event in `detail.names` (`"merchant:3": "Skyline Air Tickets"`, server/audit.ts), so the
 * change reads "Skyline Air Tickets", not 3.
 */
export const REFERENCE_FIELDS: Record<string, AuditObjectType> = {
  roleId: 'role',
  merchantId: 'merchant',
  merchantIds: 'merchant',
  companyId: 'company',
  companyIds: 'company',
  cardholderId: 'cardholder',
  cardBinId: 'card-bin',
  channelId: 'channel',
  ruleId: 'card-rule',
  userId: 'user',
  defaultAccountId: 'email-account',
}

/** Where a type's field labels live: its resource's messages (`<messages>.fields.<name>`). */
const FIELD_LABELS: Partial<Record<AuditObjectType, string>> = {
  'bank-account': 'accounts:bank',
  button: 'modules:buttons',
  card: 'cards:cardList',
  'card-bin': 'cards:bin',
  'card-group': 'cards:group',
  'card-rule': 'cards:rule',
  cardholder: 'cards:holder',
  'channel-account': 'transfers:channel',
  dict: 'dict:dict',
  'dict-value': 'dict:value',
  'email-account': 'outbox:emailAccount',
  'email-template': 'mailTemplate:template',
  'fx-rate': 'transfers:fx',
  module: 'modules:modules',
  param: 'param:parameter',
  role: 'roles:role',
  'send-record': 'outbox:sendRecord',
  user: 'users:user',
}

type Detail = Record<string, unknown>
type Names = Record<string, string>

/** `t` with a list of keys (the first that exists) and a default: i18next's own fallback. */
function say(t: Translate, keys: string | string[], fallback: string, values = {}): string {
  const call = t as unknown as (k: string | string[], o: Record<string, unknown>) => unknown
  return String(call(keys, { ...values, defaultValue: fallback }))
}

/** An object type's name (`audit:objects.<type>`). */
export function objectTypeText(t: Translate, type: string): string {
  if (!type) return ''
  return (AUDIT_OBJECT_TYPES as readonly string[]).includes(type)
    ? say(t, `audit:objects.${type}`, type)
    : type
}

/** A screen (a route name) by its menu label. */
export const screenText = (t: Translate, name: string) => say(t, `menu:${name}`, name)

/** A button code `<screen>:<action>` as "Card list › Freeze". */
export function buttonText(t: Translate, code: string): string {
  const at = code.indexOf(':')
  if (at < 0) return code
  const action = code.slice(at + 1)
  return say(t, 'roles:button', code, {
    menu: screenText(t, code.slice(0, at)),
    button: say(t, `menu:button.${action}`, action),
  })
}

/**
 * The object an entry is about, in words: "Role Support L1"; a screen or menu by its label;
 * with no name kept (rows before names were kept, objects without one) "Card 10".
 */
export function objectText(t: Translate, target: string, name?: string | null): string {
  const object = parseAuditTarget(target)
  if (!object) return ''
  const type = objectTypeText(t, object.type)
  const shown =
    object.type === 'screen'
      ? screenText(t, object.id)
      : object.type === 'menu' && name
        ? screenText(t, name)
        : name
  return shown
    ? say(t, 'audit:namedObject', `${type} ${shown}`, { type, name: shown })
    : say(t, 'audit:object', `${type} ${object.id}`, { type, id: object.id })
}

/** A changed field's label: the type's resource's, else the audit log's own. */
export function fieldText(t: Translate, type: string, name: string): string {
  const own = FIELD_LABELS[type as AuditObjectType]
  return say(t, [...(own ? [`${own}.fields.${name}`] : []), `audit:fields.${name}`], name)
}

/** Amounts kept in minor units of the entry's `detail.currency` (a card's limits). */
const MONEY_FIELDS = new Set(['perTransaction', 'daily', 'monthly', 'lifetime', 'amount'])

/** What a value is read with: the names kept for ids, the currency of amounts. */
interface Context {
  names: Names
  currency?: string
}

/** One value as words: a code by its label, an id by the name kept, a flag as yes or no. */
function itemText(t: Translate, field: string, value: unknown, context: Context): string {
  const { names, currency } = context
  if (value === null || value === undefined || value === '') return say(t, 'audit:detail.empty', '')
  if (typeof value === 'boolean') return say(t, value ? 'audit:detail.yes' : 'audit:detail.no', '')
  if (MONEY_FIELDS.has(field) && typeof value === 'number' && currency && isCurrency(currency))
    return formatMoney(value, currency)
  const text = String(typeof value === 'object' ? Object.values(value).join(' ') : value)
  const ref = REFERENCE_FIELDS[field]
  if (ref) return names[`${ref}:${text}`] ?? `${objectTypeText(t, ref)} ${text}`
  if (field === 'menus' || field === 'landingPage') return screenText(t, text)
  if (field === 'buttons' || field === 'button') return buttonText(t, text)
  if (field === 'reason' || field === 'reasonCode')
    return isCodeOf('reason', text) ? codeLabel(t, 'reason', text) : text
  if (field === 'status' && isCodeOf('cardState', text)) return codeLabel(t, 'cardState', text)
  return text
}

/** A changed field: a value before and after, or a list's items added and removed. */
export type Change =
  | { name: string; label: string; kind: 'value'; before: string; after: string }
  | { name: string; label: string; kind: 'list'; added: string[]; removed: string[] }

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null)
const asList = (v: unknown): unknown[] => (Array.isArray(v) ? v : v == null ? [] : [v])

/**
 * The fields an entry's `detail` changed, in words: only those whose value differs (older
 * rows kept every field), a list as what it gained and lost.
 */
export function changesOf(t: Translate, type: string, detail: Detail): Change[] {
  const before = (detail.before ?? {}) as Detail
  const after = (detail.after ?? {}) as Detail
  const context: Context = {
    names: (detail.names ?? {}) as Names,
    currency: typeof detail.currency === 'string' ? detail.currency : undefined,
  }
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])]
  return fields
    .filter((name) => !same(before[name], after[name]))
    .map((name): Change => {
      const label = fieldText(t, type, name)
      const b = before[name]
      const a = after[name]
      if (Array.isArray(b) || Array.isArray(a)) {
        const was = asList(b)
        const is = asList(a)
        const words = (list: unknown[]) => list.map((v) => itemText(t, name, v, context))
        return {
          name,
          label,
          kind: 'list',
          added: words(is.filter((v) => !was.some((w) => same(v, w)))),
          removed: words(was.filter((v) => !is.some((w) => same(v, w)))),
        }
      }
      return {
        name,
        label,
        kind: 'value',
        before: itemText(t, name, b, context),
        after: itemText(t, name, a, context),
      }
    })
}

/** A refused attempt's message in the reader's language, and its code. */
export function refusalText(t: Translate, detail: Detail): string {
  if (typeof detail.message !== 'string') return ''
  const params = (detail.params ?? {}) as Record<string, unknown>
  const message = say(t, detail.message, '', params)
  return say(t, 'audit:refusal.text', message, { message, code: String(detail.code ?? '') })
}

/** An entry's changes as one line of text (the export): "Name: A → B; Menus: + X, − Y". */
export function changesText(t: Translate, type: string, detail: Detail): string {
  const refusal = refusalText(t, detail)
  const lines = changesOf(t, type, detail).map((c) =>
    c.kind === 'value'
      ? `${c.label}: ${c.before} → ${c.after}`
      : `${c.label}: ${[...c.added.map((v) => `+ ${v}`), ...c.removed.map((v) => `− ${v}`)].join(', ')}`,
  )
  // A reveal's or a decision's reason, kept beside the changes rather than in them.
  const reason =
    typeof detail.reason === 'string' ? [`${fieldText(t, type, 'reason')}: ${detail.reason}`] : []
  return [refusal, ...reason, ...lines].filter(Boolean).join('; ')
}
