import { rule } from '../../http/errors'

/** Business codes of shared card rules and groups: 3100–3139 (docs/groups.md). */
export const GroupRules = {
  ruleNotFound: rule(3100, 'refusals:cardGroup.ruleNotFound', 404),
  ruleInUse: rule(3101, 'refusals:cardGroup.ruleInUse'),
  platformOnly: rule(3102, 'refusals:cardGroup.platformOnly', 403),
  merchantNotFound: rule(3103, 'refusals:cardGroup.merchantNotFound'),
  levelFixed: rule(3104, 'refusals:cardGroup.levelFixed'),
  notPlatformRule: rule(3105, 'refusals:cardGroup.notPlatformRule'),
  visibilityTargetNotFound: rule(3106, 'refusals:cardGroup.visibilityTargetNotFound'),
  ruleInUseDelete: rule(3107, 'refusals:cardGroup.ruleInUseDelete'),
  groupNotFound: rule(3110, 'refusals:cardGroup.groupNotFound', 404),
  ruleNotVisible: rule(3111, 'refusals:cardGroup.ruleNotVisible'),
  insufficientAccountBalance: rule(3112, 'refusals:ledger.insufficientAccountBalance'),
  insufficientGroupBalance: rule(3113, 'refusals:ledger.insufficientGroupBalance'),
  requestIdReused: rule(3114, 'refusals:cardGroup.requestIdReused'),
  maxCards: rule(3115, 'refusals:cardGroup.maxCards'),
  limitAboveDeposit: rule(3116, 'refusals:cardGroup.limitAboveDeposit'),
  allocationExceeded: rule(3117, 'refusals:cardGroup.allocationExceeded'),
  binNotShared: rule(3118, 'refusals:cardGroup.binNotShared'),
  binCurrency: rule(3119, 'refusals:cardGroup.binCurrency'),
  cardNotMovable: rule(3120, 'refusals:cardGroup.cardNotMovable'),
  cardNotInGroup: rule(3121, 'refusals:cardGroup.cardNotInGroup'),
  pendingTransactions: rule(3122, 'refusals:cardGroup.pendingTransactions'),
  limitBelowUsed: rule(3123, 'refusals:cardGroup.limitBelowUsed'),
} as const
