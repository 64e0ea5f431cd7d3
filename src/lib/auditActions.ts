/**
 * Every action the server writes to the audit log. `audit()` (server/audit.ts) takes only
 * these, so the console can name each one in both languages (src/i18n/locales/<lang>/audit.json;
 * src/i18n/auditLabels.test.ts checks that every one has a label).
 */

/** Audit names of the resource kit's stores (server/resources): each writes `<name>.<write>`. */
export const KIT_AUDITS = [
  'account-movement',
  'balance',
  'bank-account',
  'button',
  'card',
  'card-bin',
  'card-group',
  'card-request-balanceUpdate',
  'card-request-cancel',
  'card-rule',
  'card-transaction',
  'cardholder',
  'channel-account',
  'dict',
  'dict.value',
  'email-template',
  'email-account',
  'fx-rate',
  'module',
  'param',
  'role',
  'user',
] as const
export type KitAudit = (typeof KIT_AUDITS)[number]

export const KIT_WRITES = ['create', 'update', 'delete'] as const
export type KitWrite = (typeof KIT_WRITES)[number]

/** The actions written outside the kit, by the module that writes them. */
export const OTHER_AUDIT_ACTIONS = [
  /** A call refused for want of a right or reach (server/audit.ts `auditRefusal`). */
  'access.refused',
  'accounts.deposit.submit',
  'accounts.deposit.approve',
  'accounts.deposit.reject',
  'accounts.deposit.cancel',
  'accounts.withdrawal.submit',
  'accounts.withdrawal.approve',
  'accounts.withdrawal.reject',
  'accounts.withdrawal.cancel',
  'accounts.adjustment.submit',
  'accounts.adjustment.approve',
  'accounts.adjustment.reject',
  'accounts.adjustment.cancel',
  'auth.login',
  'auth.logout',
  'auth.passwordForcedChange',
  'auth.passwordUpdate',
  'auth.reset',
  'auth.resetRequest',
  'auth.sendCode',
  'auth.verifyCode',
  'cache.refresh',
  'card-bin.assign',
  'card-group.add-cards',
  'card-group.card-limit',
  'card-group.move-card',
  'card-group.remove-cards',
  'card-group.top-up',
  'card-group.withdraw',
  'card-rule.visibility',
  'card.balanceUpdateApprove',
  'card.balanceUpdateReject',
  'card.balanceUpdateRequest',
  'card.cancelApprove',
  'card.cancelReject',
  'card.cancelRequest',
  'card.freeze',
  'card.limits',
  'card.reveal',
  'card.topUp',
  'card.unfreeze',
  'card.withdraw',
  'channel-account.visibility',
  'channel.parameters',
  'column.save',
  'email-account.company-choice',
  'email-account.settings',
  'email-account.dns-check',
  'email-account.test-mail',
  'fx.quote',
  'ledger.channel_transfer',
  'ledger.transfer',
  'devops-module.grant',
  'devops-module.update',
  'menu.clearRecent',
  'menu.pin',
  'menu.recordRecent',
  'menu.unpin',
  'profile.update',
  'registration.submit',
  'send-record.resend',
  'user.activate',
  'user.endSessions',
  'user.lock',
  'user.resendActivation',
  'user.unlock',
] as const

export type AuditAction = `${KitAudit}.${KitWrite}` | (typeof OTHER_AUDIT_ACTIONS)[number]

/** All of them, the kit's combinations first. */
export const AUDIT_ACTIONS: readonly AuditAction[] = [
  ...KIT_AUDITS.flatMap((name) => KIT_WRITES.map((write) => `${name}.${write}` as const)),
  ...OTHER_AUDIT_ACTIONS,
]

const known = new Set<string>(AUDIT_ACTIONS)

/** Whether a code read back from the log is one of ours (older rows may hold retired codes). */
export function isAuditAction(code: string): code is AuditAction {
  return known.has(code)
}
