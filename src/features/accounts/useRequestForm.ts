import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import type { MessageKey } from '../../i18n/keys'
import { lastListSearch, useFormTab } from '../../components/list'
import { ACCOUNTS_QUERY_KEY } from './resource'

/**
 * What the request forms share: the form tab titled `titleKey`, and after a write the lists
 * refreshed, the tab closed and the keyboard back on the transactions list as it was left.
 */
export function useRequestForm(titleKey: MessageKey) {
  const navigate = useNavigate()
  const qc = useQueryClient()
  const closeAfterSave = useFormTab(titleKey, 'accounts-transactions')
  const back = () =>
    navigate({
      to: '/main/accounts-transactions',
      search: lastListSearch('accounts-transactions'),
    } as never)
  const done = async () => {
    await qc.invalidateQueries({ queryKey: ACCOUNTS_QUERY_KEY })
    await closeAfterSave(back)
  }
  return { back, done }
}
