import { Badge, Text } from '@radix-ui/themes'
import type { TFunction } from 'i18next'
import { DateTimeText } from '../../components/format/DateTimeText'
import type { Column } from '../../components/list'
import { formatMoney } from '../../lib/money'
import type { CardRequestRow } from '../../resources/cardRequests'

const STATUS_COLOR = {
  pending: 'amber',
  approved: 'green',
  rejected: 'red',
  withdrawn: 'gray',
} as const
type RequestStatus = keyof typeof STATUS_COLOR

/**
 * The columns both review lists share. `me` is the signed-in user's login name: their own
 * requests say that another person reviews them (maker ≠ checker).
 */
export function requestColumns(t: TFunction<['cardOps']>, me?: string): Column<CardRequestRow>[] {
  return [
    {
      id: 'requestedAt',
      label: t('cardOps:requestedAt'),
      sortField: 'requestedAt',
      width: 180,
      render: (r) => <DateTimeText iso={r.requestedAt} />,
    },
    { id: 'merchantName', label: t('cardOps:merchant'), render: (r) => r.merchantName },
    {
      id: 'cardNumber',
      label: t('cardOps:cardNumber'),
      hideable: false,
      render: (r) => r.cardNumber,
    },
    {
      id: 'status',
      label: t('cardOps:requestStatus'),
      render: (r) => (
        <Badge
          color={STATUS_COLOR[r.status as RequestStatus] ?? 'gray'}
          variant="soft"
          highContrast
        >
          {t(`cardOps:requestStatuses.${r.status as RequestStatus}`)}
        </Badge>
      ),
    },
    {
      id: 'requesterName',
      label: t('cardOps:requester'),
      render: (r) =>
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
    },
    { id: 'note', label: t('cardOps:note'), render: (r) => r.note },
    { id: 'reviewerName', label: t('cardOps:reviewer'), render: (r) => r.reviewerName },
    { id: 'reviewNote', label: t('cardOps:reviewNote'), render: (r) => r.reviewNote },
  ]
}

export const money = (minor: number, currency: string) => formatMoney(minor, currency)
