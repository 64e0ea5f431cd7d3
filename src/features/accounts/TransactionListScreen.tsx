import { Badge } from '@radix-ui/themes'
import { getRouteApi, useNavigate } from '@tanstack/react-router'
import { useCallback, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { ListLayout, type ListAction } from '../../components/list'
import { useFieldColumns } from '../../components/resource/fieldValues'
import { useResourceList } from '../../components/resource/useResourceList'
import { transactions } from '../../resources/accounts'
import type { RowOf } from '../../resources/kit'
import { STATUS_COLORS, useMovementLabels } from './labels'
import { transactionResource } from './resource'
import { remarkText } from '../../lib/remarks'

const route = getRouteApi('/main/accounts-transactions')
type Movement = RowOf<typeof transactions>

/**
 * accounts-transactions: every balance movement, posted or waiting for review. N declares a
 * deposit or withdrawal, E reviews the current row, Enter opens its request and history.
 */
export function TransactionListScreen() {
  const { t } = useTranslation(['accounts', 'common', 'menu', 'refusals'])
  const { typeLabel, statusLabel } = useMovementLabels()
  const navigate = useNavigate()
  const openRequest = useCallback(
    (row?: Movement) =>
      row?.requestId
        ? navigate({ to: '/main/accounts-transactions-review', search: { id: row.requestId } })
        : navigate({ to: '/main/accounts-transactions-save' }),
    [navigate],
  )
  const screen = useResourceList({
    client: transactionResource,
    search: route.useSearch(),
    openForm: openRequest,
  })
  const { perms } = screen
  const actions = useMemo<ListAction<Movement>[]>(
    () => [
      {
        ...screen.actions.find((a) => a.id === 'add')!,
        label: t('menu:accounts-transactions-save'),
      },
      {
        id: 'review',
        label: t('menu:button.review'),
        shortcut: 'listEdit',
        needs: 'one',
        denied: !perms.can('review'),
        refuses: (r) =>
          r.status === 'pending' && r.requestId
            ? undefined
            : t('refusals:accounts.requestNotPending'),
        run: ([row]) => openRequest(row),
      },
      {
        id: 'update-balance',
        label: t('menu:button.update-balance'),
        denied: !perms.can('update-balance'),
        run: () => navigate({ to: '/main/accounts-transactions-update-balance' }),
      },
      screen.actions.find((a) => a.id === 'export')!,
    ],
    [screen.actions, perms, t, openRequest, navigate],
  )
  const columns = useFieldColumns(transactions, {
    status: (r) => (
      <Badge color={STATUS_COLORS[r.status] ?? 'gray'} variant="soft" highContrast>
        {statusLabel(r.status)}
      </Badge>
    ),
    remark: (r, t) => remarkText(t, r.remark) || '—',
  })
  return (
    <>
      <ListLayout
        {...screen.layout}
        actions={actions}
        columns={columns}
        rowLabel={(r) => `${typeLabel(r.type)} ${r.merchantName} ${r.createdAt}`}
      />
      {screen.exportDialog}
    </>
  )
}
