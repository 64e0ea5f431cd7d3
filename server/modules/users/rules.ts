import { rule } from '../../http/errors'

/**
 * The refusals of the administrators screens (codes 1801–1849; issue 20). An unknown or
 * out-of-reach administrator, company or merchant is the common 404. An administrator without
 * an e-mail is the sign-in area's 1008 (spec §8: "Administrator e-mail not configured").
 */
export const UserRules = {
  loginNameTaken: rule(1801, 'refusals:user.loginNameTaken'),
  roleNotGrantable: rule(1802, 'refusals:user.roleNotGrantable'),
  landingPageNotPermitted: rule(1803, 'refusals:user.landingPageNotPermitted'),
  lastPlatformAdmin: rule(1804, 'refusals:user.lastPlatformAdmin'),
  merchantNotInReach: rule(1805, 'refusals:user.merchantNotInReach'),
  unknownTimezone: rule(1806, 'refusals:user.unknownTimezone'),
  unknownAreaCode: rule(1807, 'refusals:user.unknownAreaCode'),
  activationLinkInvalid: rule(1808, 'refusals:user.activationLinkInvalid'),
  activationLinkExpired: rule(1809, 'refusals:user.activationLinkExpired'),
  alreadyActivated: rule(1810, 'refusals:user.alreadyActivated'),
  hasHistory: rule(1811, 'refusals:user.hasHistory'),
} as const
