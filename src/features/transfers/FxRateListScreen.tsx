import { getRouteApi } from '@tanstack/react-router'
import { ListLayout } from '../../components/list'
import { useFieldColumns } from '../../components/resource/fieldValues'
import { useResourceList } from '../../components/resource/useResourceList'
import { fxRates } from '../../resources/fxRates'
import type { RowOf } from '../../resources/kit'
import { fxRateResource } from './fxRateResource'

const route = getRouteApi('/main/accounts-fx-rate')
const pair = (r: RowOf<typeof fxRates>) => `${r.baseCurrency}→${r.quoteCurrency}`

/** accounts-fx-rate: the rates quotes convert at, with the platform's spread. */
export function FxRateListScreen() {
  const screen = useResourceList({
    client: fxRateResource,
    search: route.useSearch(),
    rowLabel: pair,
  })
  const columns = useFieldColumns(fxRates)
  return (
    <>
      <ListLayout {...screen.layout} columns={columns} />
      {screen.exportDialog}
    </>
  )
}
