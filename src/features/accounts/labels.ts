import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import { codeLabel } from '../../lib/codeLabels'

/**
 * Names of balance movement types (ledger entry kinds) and statuses, from the code labels
 * (src/lib/codeLabels.ts), which name every kind the ledger writes.
 */
export function useMovementLabels() {
  const { t } = useTranslation('accounts')
  return {
    typeLabel: useCallback((type: string) => codeLabel(t, 'ledgerKind', type), [t]),
    statusLabel: useCallback((status: string) => codeLabel(t, 'movementStatus', status), [t]),
  }
}

export const STATUS_COLORS: Record<string, 'green' | 'amber' | 'red' | 'gray'> = {
  success: 'green',
  pending: 'amber',
  rejected: 'red',
  cancel: 'gray',
}
