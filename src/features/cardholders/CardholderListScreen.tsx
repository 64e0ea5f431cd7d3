import { Badge } from '@radix-ui/themes'
import { getRouteApi, useNavigate } from '@tanstack/react-router'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { DateTimeText } from '../../components/format/DateTimeText'
import { ListLayout, type Column, type ListAction } from '../../components/list'
import { useResourceList } from '../../components/resource/useResourceList'
import type { cardholders } from '../../resources/cardholders'
import type { RowOf } from '../../resources/kit'
import { cardholderResource, fullName } from './resource'

const route = getRouteApi('/main/coremanagement-cardholder-management')
type Cardholder = RowOf<typeof cardholders>

/** coremanagement-cardholder-management: the cardholders of the merchants the user reaches. */
export function CardholderListScreen() {
  const { t } = useTranslation(['cards', 'common'])
  const navigate = useNavigate()
  const screen = useResourceList({
    client: cardholderResource,
    search: route.useSearch(),
    deleteConfirm: useMemo(
      () => ({
        title: t('cards:holder.deleteTitle'),
        description: (rows: Cardholder[]) =>
          t('cards:holder.deleteConfirm', {
            count: rows.length,
            names: rows.map(fullName).join(', '),
          }),
      }),
      [t],
    ),
  })
  const actions = useMemo<ListAction<Cardholder>[]>(
    () => [
      ...screen.layout.actions,
      {
        id: 'view',
        label: t('cards:holder.view'),
        needs: 'one',
        run: ([row]) =>
          navigate({ to: '/main/coremanagement-cardholder-view', search: { id: row.id } }),
      },
    ],
    [screen.layout.actions, navigate, t],
  )

  const columns = useMemo<Column<Cardholder>[]>(
    () => [
      {
        id: 'name',
        label: t('cards:holder.name'),
        sortField: 'lastName',
        hideable: false,
        render: (r) => fullName(r),
      },
      { id: 'merchant', label: t('cards:holder.merchant'), render: (r) => r.merchantName },
      {
        id: 'phone',
        label: t('cards:holder.phone'),
        render: (r) => `+${r.areaCode} ${r.phone}`,
      },
      { id: 'email', label: t('cards:holder.email'), render: (r) => r.email },
      { id: 'country', label: t('cards:holder.country'), render: (r) => r.country },
      {
        id: 'isDefault',
        label: t('cards:holder.isDefault'),
        render: (r) =>
          r.isDefault ? (
            <Badge color="green" variant="soft" highContrast>
              {t('cards:holder.default')}
            </Badge>
          ) : null,
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
      <ListLayout {...screen.layout} actions={actions} columns={columns} rowLabel={fullName} />
      {screen.exportDialog}
    </>
  )
}
