import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { balanceResource, transactionResource } from '../../src/features/accounts/resource'
import { groupQueries, groupResource } from '../../src/features/cardGroups/resource'
import { cardResource } from '../../src/features/cards/resource'
import { groupMoveCard, groupTopUp } from '../../src/resources/cardGroupOps'
import { cardTopUp } from '../../src/resources/cardOps'
import { transfer } from '../../src/resources/transfers'
import { refreshDataSets } from '../../src/domain/queryKeys'

/** A client holding one fetched query under `queryKey`. */
function holding(queryKey: readonly unknown[]) {
  const qc = new QueryClient()
  qc.setQueryData(queryKey, { list: [], total: 0 })
  return qc
}
const stale = (qc: QueryClient, queryKey: readonly unknown[]) =>
  qc.getQueryState(queryKey)?.isInvalidated

describe('what an action declares it changes refreshes (issue 18: stale figures)', () => {
  it('a transfer refreshes the balance list behind it, without pressing Search', () => {
    const key = balanceResource.listQuery({ pageNum: 1, pageSize: 10 } as never).queryKey
    const qc = holding(key)
    void refreshDataSets(qc, transfer.changes)
    expect(stale(qc, key)).toBe(true)
  })

  it('a top-up refreshes the card list and the merchant balances', () => {
    const cardsKey = cardResource.listQuery({ pageNum: 1, pageSize: 10 } as never).queryKey
    const requestsKey = transactionResource.listQuery({
      pageNum: 1,
      pageSize: 10,
    } as never).queryKey
    const qc = holding(cardsKey)
    qc.setQueryData(requestsKey, { list: [], total: 0 })
    void refreshDataSets(qc, cardTopUp.changes)
    expect(stale(qc, cardsKey)).toBe(true)
    expect(stale(qc, requestsKey)).toBe(true)
  })
  it("a group top-up refreshes the group's figures and cards, and the merchant balances", () => {
    const groupKey = groupResource.detailQuery(7).queryKey
    const cardsKey = groupQueries.cards(7).queryKey
    const balancesKey = balanceResource.listQuery({ pageNum: 1, pageSize: 10 } as never).queryKey
    const qc = holding(groupKey)
    qc.setQueryData(cardsKey, [])
    qc.setQueryData(balancesKey, { list: [], total: 0 })
    void refreshDataSets(qc, groupTopUp.changes)
    expect(stale(qc, groupKey)).toBe(true)
    expect(stale(qc, cardsKey)).toBe(true)
    expect(stale(qc, balancesKey)).toBe(true)
  })

  it('moving a card into a group refreshes the card list (its own balance is gone)', () => {
    const cardsKey = cardResource.listQuery({ pageNum: 1, pageSize: 10 } as never).queryKey
    const qc = holding(cardsKey)
    void refreshDataSets(qc, groupMoveCard.changes)
    expect(stale(qc, cardsKey)).toBe(true)
  })
})
