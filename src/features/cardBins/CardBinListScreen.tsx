import { useQuery } from '@tanstack/react-query'
import { getRouteApi, useNavigate } from '@tanstack/react-router'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { referenceQueries } from '../../api/reference'
import { DateTimeText } from '../../components/format/DateTimeText'
import { YesNo } from '../../components/format/YesNo'
import { ListLayout, type Column, type ListAction } from '../../components/list'
import { useResourceList } from '../../components/resource/useResourceList'
import type { cardBins } from '../../resources/cardBins'
import type { RowOf } from '../../resources/kit'
import { cardBinResource } from './resource'

const route = getRouteApi('/main/card-bin-management')
type CardBin = RowOf<typeof cardBins>

/**
 * card-bin-management: the BINs each channel issues. A hidden built-in screen (spec §2): not in
 * the side menu; reached from the palette (docs/cards.md).
 */
export function CardBinListScreen() {
  const { t } = useTranslation(['cards', 'common'])
  const navigate = useNavigate()
  const schemes = useQuery(referenceQueries.cardSchemes())
  const schemeName = useMemo(
    () => new Map((schemes.data ?? []).map((s) => [s.code, s.name])),
    [schemes.data],
  )
  const screen = useResourceList({
    client: cardBinResource,
    search: route.useSearch(),
    deleteConfirm: useMemo(
      () => ({
        title: t('cards:bin.deleteTitle'),
        description: (rows: CardBin[]) =>
          t('cards:bin.deleteConfirm', {
            count: rows.length,
            names: rows.map((r) => r.bin).join(', '),
          }),
      }),
      [t],
    ),
  })
  const canAssign = screen.perms.can('assign')
  const actions = useMemo<ListAction<CardBin>[]>(
    () => [
      ...screen.layout.actions,
      {
        id: 'assign',
        label: t('cards:bin.assign'),
        needs: 'one',
        denied: !canAssign,
        run: ([row]) =>
          navigate({ to: '/main/card-bin-management-assign', search: { id: row.id } }),
      },
    ],
    [screen.layout.actions, canAssign, navigate, t],
  )

  const columns = useMemo<Column<CardBin>[]>(
    () => [
      {
        id: 'bin',
        label: t('cards:bin.bin'),
        sortField: 'bin',
        hideable: false,
        render: (r) => r.bin,
      },
      { id: 'channel', label: t('cards:bin.channel'), render: (r) => r.channelName },
      {
        id: 'scheme',
        label: t('cards:bin.scheme'),
        render: (r) => schemeName.get(r.scheme) ?? r.scheme,
      },
      { id: 'currency', label: t('cards:bin.currency'), render: (r) => r.currency },
      {
        id: 'cardMode',
        label: t('cards:bin.cardMode'),
        render: (r) => t(`cards:bin.mode.${r.cardMode}`),
      },
      { id: 'region', label: t('cards:bin.region'), render: (r) => r.region },
      { id: 'active', label: t('cards:bin.active'), render: (r) => <YesNo value={r.active} /> },
      { id: 'companyCount', label: t('cards:bin.companyCount'), render: (r) => r.companyCount },
      { id: 'merchantCount', label: t('cards:bin.merchantCount'), render: (r) => r.merchantCount },
      {
        id: 'createdAt',
        label: t('common:createdAt'),
        sortField: 'createdAt',
        width: 180,
        render: (r) => <DateTimeText iso={r.createdAt} />,
      },
    ],
    [t, schemeName],
  )

  return (
    <>
      <ListLayout {...screen.layout} actions={actions} columns={columns} rowLabel={(r) => r.bin} />
      {screen.exportDialog}
    </>
  )
}
