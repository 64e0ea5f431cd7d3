import { codeLabel, lookUp, type Translate } from '../../lib/codeLabels'
import type { MessageKey } from '../../i18n/keys'
import { AUDIT_OBJECT_TYPES, parseAuditTarget, type AuditObjectType } from '../../lib/auditTargets'

/** An audit action's label in the reader's language (the catalogue's, src/lib/auditActions.ts). */
export const actionText = (t: Translate, action: string) => codeLabel(t, 'auditAction', action)

/** An object type's name (`audit:objects.<type>`); empty for a row about no object. */
export function objectTypeText(t: Translate, type: string): string {
  if (!type) return ''
  return (AUDIT_OBJECT_TYPES as readonly string[]).includes(type)
    ? lookUp(t, `audit:objects.${type as AuditObjectType}`)
    : type
}

/** An audit target as words: `Card 12`; empty for none or an older shape. */
export function objectText(t: Translate, target: string): string {
  const object = parseAuditTarget(target)
  if (!object) return ''
  return lookUp(t, 'audit:object', { type: objectTypeText(t, object.type), id: object.id })
}

/**
 * Where a changed field's label lives, by object type: the resource's field labels, then the
 * audit log's own (`audit:fields.<name>`) for fields written outside the kit.
 */
const FIELD_LABELS: Partial<Record<AuditObjectType, string>> = {
  cardholder: 'cards:holder.fields',
  param: 'param:parameter.fields',
  dict: 'dict:dict.fields',
  'dict-value': 'dict:value.fields',
  'card-bin': 'cards:bin.fields',
  'fx-rate': 'transfers:fx.fields',
}

type Exists = (key: string) => boolean

/** A changed field's label; a field no file names keeps its name spelled out in words. */
export function fieldText(t: Translate, exists: Exists, type: string, name: string): string {
  const keys = [
    FIELD_LABELS[type as AuditObjectType] && `${FIELD_LABELS[type as AuditObjectType]}.${name}`,
    `audit:fields.${name}`,
  ].filter(Boolean) as string[]
  const key = keys.find(exists)
  if (key) return lookUp(t, key as MessageKey)
  return name.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase()
}

/** A value before or after a change, as text. */
export function valueText(t: Translate, value: unknown): string {
  if (value === null || value === undefined || value === '') return lookUp(t, 'audit:detail.empty')
  if (typeof value === 'boolean') return lookUp(t, value ? 'audit:detail.yes' : 'audit:detail.no')
  if (typeof value === 'object') return JSON.stringify(value)
  return String(value)
}

/** The changed fields of an entry's detail: name, before, after. */
export function changesOf(detail: Record<string, unknown>) {
  const before = (detail.before ?? {}) as Record<string, unknown>
  const after = (detail.after ?? {}) as Record<string, unknown>
  const names = [...new Set([...Object.keys(before), ...Object.keys(after)])]
  return names.map((name) => ({ name, before: before[name], after: after[name] }))
}
