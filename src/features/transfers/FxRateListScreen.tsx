import { getRouteApi } from '@tanstack/react-router'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { DateTimeText } from '../../components/format/DateTimeText'
import { ListLayout, type Column } from '../../components/list'
import { useResourceList } from '../../components/resource/useResourceList'
import type { fxRates } from '../../resources/fxRates'
import type { RowOf } from '../../resources/kit'
import { fxRateResource } from './fxRateResource'

const route = getRouteApi('/main/accounts-fx-rate')
type Rate = RowOf<typeof fxRates>
const pair = (r: Rate) => `${r.baseCurrency}→${r.quoteCurrency}`

/** accounts-fx-rate: the rates quotes convert at, with the platform's spread. */
export function FxRateListScreen() {
  const { t } = useTranslation(['transfers', 'common'])
  const screen = useResourceList({
    client: fxRateResource,
    search: route.useSearch(),
    deleteConfirm: useMemo(
      () => ({
        title: t('transfers:fx.deleteTitle'),
        description: (rows: Rate[]) =>
          t('transfers:fx.deleteConfirm', { count: rows.length, names: rows.map(pair).join(', ') }),
      }),
      [t],
    ),
  })
  const columns = useMemo<Column<Rate>[]>(
    () => [
      {
        id: 'baseCurrency',
        label: t('transfers:fx.baseCurrency'),
        sortField: 'baseCurrency',
        hideable: false,
        render: (r) => r.baseCurrency,
      },
      {
        id: 'quoteCurrency',
        label: t('transfers:fx.quoteCurrency'),
        sortField: 'quoteCurrency',
        render: (r) => r.quoteCurrency,
      },
      { id: 'rate', label: t('transfers:fx.rate'), render: (r) => r.rate },
      { id: 'spreadBps', label: t('transfers:fx.spreadBps'), render: (r) => r.spreadBps },
      { id: 'updatedBy', label: t('transfers:fx.updatedBy'), render: (r) => r.updatedBy || '—' },
      {
        id: 'updatedAt',
        label: t('transfers:fx.updatedAt'),
        sortField: 'updatedAt',
        width: 180,
        render: (r) => <DateTimeText iso={r.updatedAt} />,
      },
    ],
    [t],
  )
  return (
    <>
      <ListLayout {...screen.layout} columns={columns} rowLabel={pair} />
      {screen.exportDialog}
    </>
  )
}
