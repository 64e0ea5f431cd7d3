import { useQuery } from '@tanstack/react-query'
import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import { call } from '../../api/client'

const DICTS = ['decline_reason', 'transaction_status', 'card_transaction_type']

/**
 * Labels of a card transaction's result, status and type in the user's language: the
 * dictionaries' descriptions (decline reasons are the `decline_reason` dictionary), and
 * "Approved" for an approved one. An unknown code shows as itself.
 */
export function useCardTxnLabels() {
  const { t, i18n } = useTranslation('cards')
  const { data } = useQuery({
    queryKey: ['dict-desc', i18n.language, ...DICTS],
    queryFn: () => call('/common/queryDesc', { codes: DICTS }),
    staleTime: 300_000,
  })
  const label = useCallback((dict: string, code: string) => data?.[dict]?.[code] ?? code, [data])
  return {
    resultLabel: useCallback(
      (result: string) =>
        result === 'approved' ? t('txn.approved') : label('decline_reason', result),
      [t, label],
    ),
    statusLabel: useCallback((s: string) => label('transaction_status', s), [label]),
    typeLabel: useCallback((s: string) => label('card_transaction_type', s), [label]),
  }
}
