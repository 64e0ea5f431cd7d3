import type { QueryClient, QueryKey } from '@tanstack/react-query'
import type { DataSet } from '../resources/action'
import { cardGroupRules, cardGroups } from '../resources/cardGroups'
import { balanceUpdates, cancelRequests } from '../resources/cardRequests'
import { cardTransactions } from '../resources/cardTransactions'
import { cards } from '../resources/cards'
import { channelAccounts } from '../resources/channelAccounts'

/**
 * The one query-key factory for data that several features read (DESIGN §5, domain). A key
 * names one shape of data: screens wanting another shape use `select`, never a second query
 * under the same key (two copies once shared ['org','merchantList'] with different shapes).
 */
export const queryKeys = {
  /** `/org/merchantList` as the server answers it. */
  merchants: () => ['org', 'merchants'] as const,
  /** `/org/companyTree` as the server answers it. */
  companyTree: () => ['org', 'companyTree'] as const,
  /** One dictionary's values, `{code, name}` in the user's language. */
  dictionary: (code: string) => ['dict', code] as const,
  /** The balances a transfer may use. */
  transferBalances: () => ['/accounts/transfer/balances'] as const,
  /**
   * The accounts screens' root (balances, bank accounts, requests, totals): one root, so a
   * review or a transfer refreshes them all.
   */
  accounts: () => ['/accounts'] as const,
  /** The audit log and what shows its rows. */
  audit: () => ['audit'] as const,
}

/**
 * The query keys each data set an action changes lives under (src/resources/action.ts,
 * `changes`): after the action, every query under them is refetched if shown, stale if not.
 */
export const DATA_SET_KEYS: Record<DataSet, readonly QueryKey[]> = {
  cards: [[cards.api], ['card']],
  cardRequests: [[cancelRequests.api], [balanceUpdates.api]],
  cardTransactions: [[cardTransactions.api]],
  // A group's list, detail, cards and options share its root; the rules count their groups.
  cardGroups: [[cardGroups.api], [cardGroupRules.api]],
  merchantBalances: [queryKeys.accounts(), queryKeys.transferBalances(), [channelAccounts.api]],
  accountRequests: [queryKeys.accounts()],
  channelAccounts: [[channelAccounts.api]],
  // Sender accounts and send records share one root (src/features/mail/resource.ts).
  mail: [['mail']],
  audit: [queryKeys.audit()],
}

/** Refetches (if shown) or marks stale every query under the data sets an action changed. */
export const refreshDataSets = (qc: QueryClient, sets: readonly DataSet[]) =>
  Promise.all(
    sets.flatMap((set) => DATA_SET_KEYS[set].map((queryKey) => qc.invalidateQueries({ queryKey }))),
  )
