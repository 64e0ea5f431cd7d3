import { refusalRule, rule } from '../../http/errors'

/** Business codes of roles: 1160–1179 (the menus and permissions area, 1100–1199). */
export const RoleRules = {
  notFound: rule(1161, 'refusals:role.notFound', 404),
  duplicateName: rule(1162, 'refusals:role.duplicateName'),
  noMenus: rule(1163, 'roles:noMenus'),
  inUse: rule(1165, 'roles:inUse'),
  beyondOwn: refusalRule(1166, 'refusals:role.beyondOwn'),
  platformAdminOnly: refusalRule(1167, 'refusals:role.platformAdminOnly'),
  platformAdminCore: refusalRule(1168, 'refusals:role.platformAdminCore'),
  /** A screen granted without a screen it needs (src/lib/screens.ts `needs`). */
  halfGrant: refusalRule(1169, 'refusals:role.halfGrant'),
  /** Held by an administrator who reaches more than the caller (issue 25). */
  heldByWider: refusalRule(1170, 'refusals:role.heldByWider'),
} as const
