import { Badge, Text } from '@radix-ui/themes'
import { useTranslation } from 'react-i18next'
import { readUser } from '../../api/storage'
import { useFieldColumns, type Display } from '../../components/resource/fieldValues'
import { codeLabel } from '../../lib/codeLabels'
import { formatMoney } from '../../lib/money'
import type { balanceUpdates, cancelRequests, CardRequestRow } from '../../resources/cardRequests'

const STATUS_COLOR = {
  pending: 'amber',
  approved: 'green',
  rejected: 'red',
  withdrawn: 'gray',
} as const
type RequestStatus = keyof typeof STATUS_COLOR

/**
 * The columns of both review lists, from their definitions' fields. The signed-in user's own
 * pending requests say that another person reviews them (maker ≠ checker).
 */
export function useRequestColumns(def: typeof balanceUpdates | typeof cancelRequests) {
  const { t } = useTranslation(['cardOps'])
  const me = readUser()?.userName
  const display: Display<CardRequestRow> = {
    status: (r) => (
      <Badge color={STATUS_COLOR[r.status as RequestStatus] ?? 'gray'} variant="soft" highContrast>
        {t(`cardOps:requestStatuses.${r.status as RequestStatus}`)}
      </Badge>
    ),
    requesterName: (r) =>
      me && r.requesterName === me && r.status === 'pending' ? (
        <Text as="span" title={t('cardOps:ownRequestHint')}>
          {r.requesterName}{' '}
          <Text color="gray" size="1">
            ({t('cardOps:ownRequestHint')})
          </Text>
        </Text>
      ) : (
        r.requesterName
      ),
    reasonCode: (r) => codeLabel(t, 'reason', r.reasonCode),
    amount: (r) => `${r.sign ?? ''}${formatMoney(r.amount ?? 0, r.currency)}`,
  }
  return useFieldColumns(def, display, {}, { fixed: 'cardNumber' })
}
