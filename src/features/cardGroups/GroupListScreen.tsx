import { Badge } from '@radix-ui/themes'
import { getRouteApi, useNavigate } from '@tanstack/react-router'
import { useCallback, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { DateTimeText } from '../../components/format/DateTimeText'
import { ListLayout, type Column, type ListAction } from '../../components/list'
import { useResourceList } from '../../components/resource/useResourceList'
import { formatMoney } from '../../lib/money'
import type { cardGroups } from '../../resources/cardGroups'
import type { RowOf } from '../../resources/kit'
import { GroupMoneyDialog, type MoneyOp } from './GroupMoneyDialog'
import { groupResource } from './resource'

const route = getRouteApi('/main/cards-share-group')
type Group = RowOf<typeof cardGroups>

/** The flag of a group whose available pool is below its warning threshold. */
export function ThresholdBadge({ below }: { below: boolean }) {
  const { t } = useTranslation(['cards'])
  return below ? (
    <Badge color="red" data-testid="group-flag">
      {t('cards:group.flag')}
    </Badge>
  ) : (
    <Badge color="green">{t('cards:group.ok')}</Badge>
  )
}

/** cards-share-group: the groups in reach, their pools live, flagged below the threshold. */
export function GroupListScreen() {
  const { t } = useTranslation(['cards', 'common'])
  const navigate = useNavigate()
  const [money, setMoney] = useState<{ group: Group; op: MoneyOp } | null>(null)
  const openGroup = useCallback(
    (row?: Group) =>
      row
        ? navigate({ to: '/main/cards-share-cards', search: { id: row.id } })
        : navigate({ to: '/main/create-share-card-group' }),
    [navigate],
  )
  const screen = useResourceList({
    client: groupResource,
    search: route.useSearch(),
    openForm: openGroup,
  })
  const { perms } = screen
  const actions = useMemo<ListAction<Group>[]>(
    () => [
      ...screen.layout.actions.filter((a) => a.id === 'add' || a.id === 'export'),
      { id: 'open', label: t('cards:group.open'), needs: 'one', run: ([row]) => openGroup(row) },
      {
        id: 'top-up',
        label: t('cards:group.topUp'),
        needs: 'one',
        denied: !perms.can('top-up'),
        run: ([row]) => setMoney({ group: row, op: 'top-up' }),
      },
      {
        id: 'withdraw',
        label: t('cards:group.withdraw'),
        needs: 'one',
        denied: !perms.can('withdraw'),
        run: ([row]) => setMoney({ group: row, op: 'withdraw' }),
      },
    ],
    [screen.layout.actions, perms, openGroup, t],
  )
  const money$ = (m: number, r: Group) => formatMoney(m, r.currency)
  const columns = useMemo<Column<Group>[]>(
    () => [
      {
        id: 'name',
        label: t('cards:group.name'),
        sortField: 'name',
        hideable: false,
        render: (r) => r.name,
      },
      {
        id: 'flag',
        label: t('cards:group.belowThreshold'),
        render: (r) => <ThresholdBadge below={r.belowThreshold} />,
      },
      { id: 'merchant', label: t('cards:group.merchant'), render: (r) => r.merchantName },
      { id: 'rule', label: t('cards:group.rule'), render: (r) => r.ruleName },
      { id: 'currency', label: t('cards:group.currency'), render: (r) => r.currency },
      { id: 'deposit', label: t('cards:group.deposit'), render: (r) => money$(r.deposit, r) },
      { id: 'allocated', label: t('cards:group.allocated'), render: (r) => money$(r.allocated, r) },
      { id: 'spent', label: t('cards:group.spent'), render: (r) => money$(r.spent, r) },
      { id: 'held', label: t('cards:group.held'), render: (r) => money$(r.held, r) },
      { id: 'available', label: t('cards:group.available'), render: (r) => money$(r.available, r) },
      {
        id: 'cardCount',
        label: t('cards:group.cardCount'),
        render: (r) => `${r.cardCount} / ${r.maxCards}`,
      },
      {
        id: 'createdAt',
        label: t('common:createdAt'),
        sortField: 'createdAt',
        width: 180,
        render: (r) => <DateTimeText iso={r.createdAt} />,
      },
    ],
    [t],
  )
  return (
    <>
      <ListLayout {...screen.layout} actions={actions} columns={columns} rowLabel={(r) => r.name} />
      {screen.exportDialog}
      <GroupMoneyDialog
        group={money?.group ?? null}
        op={money?.op ?? null}
        onClose={() => setMoney(null)}
      />
    </>
  )
}
