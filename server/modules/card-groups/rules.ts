import { rule } from '../../http/errors'

/** Business codes of shared card rules and groups: 3100–3139 (docs/groups.md). */
export const GroupRules = {
  ruleNotFound: rule(3100, 'errors:cardGroup.ruleNotFound', 404),
  ruleInUse: rule(3101, 'errors:cardGroup.ruleInUse'),
  platformOnly: rule(3102, 'errors:cardGroup.platformOnly', 403),
  merchantNotFound: rule(3103, 'errors:cardGroup.merchantNotFound'),
  levelFixed: rule(3104, 'errors:cardGroup.levelFixed'),
  notPlatformRule: rule(3105, 'errors:cardGroup.notPlatformRule'),
  visibilityTargetNotFound: rule(3106, 'errors:cardGroup.visibilityTargetNotFound'),
  ruleInUseDelete: rule(3107, 'errors:cardGroup.ruleInUseDelete'),
  groupNotFound: rule(3110, 'errors:cardGroup.groupNotFound', 404),
  ruleNotVisible: rule(3111, 'errors:cardGroup.ruleNotVisible'),
  insufficientAccountBalance: rule(3112, 'errors:ledger.insufficientAccountBalance'),
  insufficientGroupBalance: rule(3113, 'errors:ledger.insufficientGroupBalance'),
  requestIdReused: rule(3114, 'errors:cardGroup.requestIdReused'),
  maxCards: rule(3115, 'errors:cardGroup.maxCards'),
  limitAboveDeposit: rule(3116, 'errors:cardGroup.limitAboveDeposit'),
  allocationExceeded: rule(3117, 'errors:cardGroup.allocationExceeded'),
  binNotShared: rule(3118, 'errors:cardGroup.binNotShared'),
  binCurrency: rule(3119, 'errors:cardGroup.binCurrency'),
  cardNotMovable: rule(3120, 'errors:cardGroup.cardNotMovable'),
  cardNotInGroup: rule(3121, 'errors:cardGroup.cardNotInGroup'),
  pendingTransactions: rule(3122, 'errors:cardGroup.pendingTransactions'),
  limitBelowUsed: rule(3123, 'errors:cardGroup.limitBelowUsed'),
} as const
