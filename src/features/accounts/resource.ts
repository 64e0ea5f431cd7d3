import { resourceClient } from '../../components/resource/client'
import { queryKeys } from '../../domain/queryKeys'
import { balances, bankAccounts, transactions } from '../../resources/accounts'

/** The console halves of the accounts resources (one query-key root: a review refreshes all). */
const key = queryKeys.accounts()
export const balanceResource = resourceClient(balances, { key })
export const bankResource = resourceClient(bankAccounts, { key })
export const transactionResource = resourceClient(transactions, { key })
export const ACCOUNTS_QUERY_KEY = key
