/**
 * What an audit row is about: its `target` is `<type>:<id>` (`card:12`, `cardholder:7`,
 * `screen:cards-balance`) or empty. `audit()` (server/audit.ts) refuses any other shape, and
 * `server/modules/audit/targets.test.ts` scans the writers so that a new one follows it.
 * Each type is named in both languages (`audit:objects.<type>`); those with a screen of their
 * own link to it (`OBJECT_SCREENS`).
 */
export const AUDIT_OBJECT_TYPES = [
  'account-movement',
  'account-request',
  'balance',
  'bank-account',
  'button',
  'card',
  'card-bin',
  'card-group',
  'card-request',
  'card-rule',
  'card-transaction',
  'cardholder',
  'channel',
  'channel-account',
  'company',
  'dict',
  'dict-value',
  'email-account',
  'email-template',
  'entry',
  'fx-rate',
  'menu',
  'merchant',
  'module',
  'param',
  'quote',
  'registration',
  'role',
  'screen',
  'send-record',
  'user',
] as const
export type AuditObjectType = (typeof AUDIT_OBJECT_TYPES)[number]

const TYPES = new Set<string>(AUDIT_OBJECT_TYPES)
const SHAPE = /^([a-z][a-z0-9-]*):([A-Za-z0-9_.-]+)$/

/** Whether `target` follows the convention (empty: the row is about no object). */
export function isAuditTarget(target: string): boolean {
  if (target === '') return true
  const m = SHAPE.exec(target)
  return !!m && TYPES.has(m[1])
}

export function auditTarget(type: AuditObjectType, id: number | string): string {
  return `${type}:${id}`
}

/** The type and id of a target; undefined for an empty or older one. */
export function parseAuditTarget(
  target: string,
): { type: AuditObjectType; id: string } | undefined {
  const m = SHAPE.exec(target)
  return m && TYPES.has(m[1]) ? { type: m[1] as AuditObjectType, id: m[2] } : undefined
}

/** The screen that shows one object of a type, opened with `?id=<id>`. */
export const OBJECT_SCREENS: Partial<Record<AuditObjectType, string>> = {
  role: '/main/role-management-save',
  user: '/main/user-management-save',
  card: '/main/cards-balance-view-card-detail',
  cardholder: '/main/coremanagement-cardholder-view',
  'email-template': '/main/email-template-view',
  'email-account': '/main/email-account-view',
  'send-record': '/main/send-record-view',
  'account-request': '/main/accounts-transactions-review',
  'channel-account': '/main/accounts-channel-view',
  param: '/main/parameter-management-save',
}
