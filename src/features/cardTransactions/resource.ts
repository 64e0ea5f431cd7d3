import { resourceClient } from '../../components/resource/client'
import { cardTransactions } from '../../resources/cardTransactions'

/** The console half of cards-transactions (a simulation refreshes every list of it). */
export const CARD_TXN_QUERY_KEY = ['/card-transactions'] as const
export const cardTransactionResource = resourceClient(cardTransactions, { key: CARD_TXN_QUERY_KEY })
