import { useQuery } from '@tanstack/react-query'
import { getRouteApi, useNavigate } from '@tanstack/react-router'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { referenceQueries } from '../../api/reference'
import { ListLayout, type ListAction } from '../../components/list'
import { useFieldColumns } from '../../components/resource/fieldValues'
import { useResourceList } from '../../components/resource/useResourceList'
import { cardBins } from '../../resources/cardBins'
import type { RowOf } from '../../resources/kit'
import { cardBinResource } from './resource'

const route = getRouteApi('/main/card-bin-management')
type CardBin = RowOf<typeof cardBins>
const binOf = (r: CardBin) => r.bin

/**
 * card-bin-management: the BINs each channel issues. A hidden built-in screen (spec §2): not in
 * the side menu; reached from the palette (docs/cards.md).
 */
export function CardBinListScreen() {
  const { t } = useTranslation(['cards', 'common'])
  const navigate = useNavigate()
  const schemes = useQuery(referenceQueries.cardSchemes())
  const schemeName = new Map((schemes.data ?? []).map((s) => [s.code, s.name]))
  const screen = useResourceList({
    client: cardBinResource,
    search: route.useSearch(),
    rowLabel: binOf,
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
  const columns = useFieldColumns(cardBins, {
    scheme: (r) => schemeName.get(r.scheme) ?? r.scheme,
  })
  return (
    <>
      <ListLayout {...screen.layout} actions={actions} columns={columns} />
      {screen.exportDialog}
    </>
  )
}
