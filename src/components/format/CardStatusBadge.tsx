import { Badge } from '@radix-ui/themes'
import { useTranslation } from 'react-i18next'
import type { ShownCardStatus } from '../../lib/cardExpiry'

// Only scales src/themeStyles.ts loads (each scale is CSS on every page).
const COLORS: Record<ShownCardStatus, 'green' | 'gray' | 'amber' | 'red' | 'blue'> = {
  creating: 'blue',
  pending: 'amber',
  systemError: 'red',
  failed: 'red',
  active: 'green',
  blocked: 'red',
  cancelRequested: 'amber',
  cancelled: 'gray',
  expired: 'gray',
}

/**
 * A card's state of the card machine, or "Expired" (src/lib/cardExpiry.ts), in the user's
 * language.
 */
export function CardStatusBadge({ status }: { status: ShownCardStatus }) {
  const { t } = useTranslation()
  return (
    <Badge color={COLORS[status]} variant="soft" highContrast>
      {t(`cards:cardList.states.${status}`)}
    </Badge>
  )
}
