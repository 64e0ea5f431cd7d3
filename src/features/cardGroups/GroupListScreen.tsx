import { Badge } from '@radix-ui/themes'
import { getRouteApi, useNavigate } from '@tanstack/react-router'
import { useCallback, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ListLayout, type ListAction } from '../../components/list'
import { useFieldColumns, type Display } from '../../components/resource/fieldValues'
import { useResourceList } from '../../components/resource/useResourceList'
import { cardGroups } from '../../resources/cardGroups'
import type { RowOf } from '../../resources/kit'
import { GroupMoneyDialog, type MoneyOp } from './GroupMoneyDialog'
import { groupResource } from './resource'

const route = getRouteApi('/main/cards-share-group')
type Group = RowOf<typeof cardGroups>

/** The flag of a group whose available pool is below its warning threshold. */
export function ThresholdBadge({ below }: { below: boolean }) {
  const { t } = useTranslation(['cards'])
  return below ? (
    <Badge color="red" highContrast data-testid="group-flag">
      {t('cards:group.flag')}
    </Badge>
  ) : (
    // High contrast: the soft green badge's text is 4.28:1 in the light theme (WCAG AA: 4.5).
    <Badge color="green" highContrast>
      {t('cards:group.ok')}
    </Badge>
  )
}

/** What the group list and page draw beyond the fields' widgets. */
export const groupDisplay: Display<Group> = {
  belowThreshold: (r) => <ThresholdBadge below={r.belowThreshold} />,
  cardCount: (r) => `${r.cardCount} / ${r.maxCards}`,
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
  const columns = useFieldColumns(cardGroups, groupDisplay)
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
