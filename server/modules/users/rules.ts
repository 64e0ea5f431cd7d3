import { refusalRule, rule } from '../../http/errors'

/**
 * The refusals of the administrators screens (codes 1801–1849; issue 20). An unknown or
 * out-of-reach administrator, company or merchant is the common 404. An administrator without
 * an e-mail is the sign-in area's 1008 (spec §8: "Administrator e-mail not configured").
 */
export const UserRules = {
  loginNameTaken: rule(1801, 'refusals:user.loginNameTaken'),
  roleNotGrantable: refusalRule(1802, 'refusals:user.roleNotGrantable'),
  landingPageNotPermitted: refusalRule(1803, 'refusals:user.landingPageNotPermitted'),
  lastPlatformAdmin: refusalRule(1804, 'refusals:user.lastPlatformAdmin'),
  merchantNotInReach: refusalRule(1805, 'refusals:user.merchantNotInReach'),
  unknownTimezone: rule(1806, 'refusals:user.unknownTimezone'),
  unknownAreaCode: rule(1807, 'refusals:user.unknownAreaCode'),
  activationLinkInvalid: rule(1808, 'refusals:user.activationLinkInvalid'),
  activationLinkExpired: rule(1809, 'refusals:user.activationLinkExpired'),
  alreadyActivated: rule(1810, 'refusals:user.alreadyActivated'),
  hasHistory: rule(1811, 'refusals:user.hasHistory'),
  // Issue 25: reach only narrows; a role belongs to its owner; locks and lock-outs.
  allMerchantsNotHeld: refusalRule(1812, 'refusals:user.allMerchantsNotHeld'),
  merchantListForMerchantUser: rule(1813, 'refusals:user.merchantListForMerchantUser'),
  widerReach: refusalRule(1815, 'refusals:user.widerReach'),
  lockedByWider: refusalRule(1816, 'refusals:user.lockedByWider'),
  noPlatformAdminCanSignIn: refusalRule(1817, 'refusals:user.noPlatformAdminCanSignIn'),
  roleOfOtherOwner: refusalRule(1818, 'refusals:user.roleOfOtherOwner'),
  roleOfPlatform: refusalRule(1819, 'refusals:user.roleOfPlatform'),
} as const
