import { useTranslation } from 'react-i18next'
import { MOVEMENT_STATUSES, MOVEMENT_TYPES } from '../../resources/accounts'

/**
 * Kinds of ledger entries that move a merchant balance besides the accounts screens' own
 * (docs/ledger.md, `account_movements`): a posted hold, and the card operations' (docs/cards.md).
 */
const KNOWN_TYPES = [
  ...MOVEMENT_TYPES,
  'hold_post',
  'card_initial_topup',
  'card_top_up',
  'card_withdraw',
  'card_cancel_return',
] as const
type KnownType = (typeof KNOWN_TYPES)[number]
type Status = (typeof MOVEMENT_STATUSES)[number]

const isType = (v: string): v is KnownType => (KNOWN_TYPES as readonly string[]).includes(v)
const isStatus = (v: string): v is Status => (MOVEMENT_STATUSES as readonly string[]).includes(v)

/** Names of movement types and statuses; a kind another module adds later shows as its code. */
export function useMovementLabels() {
  const { t } = useTranslation('accounts')
  return {
    typeLabel: (type: string) => (isType(type) ? t(`types.${type}`) : type),
    statusLabel: (status: string) => (isStatus(status) ? t(`statuses.${status}`) : status),
  }
}

export const STATUS_COLORS: Record<string, 'green' | 'amber' | 'red' | 'gray'> = {
  success: 'green',
  pending: 'amber',
  rejected: 'red',
  cancel: 'gray',
}
