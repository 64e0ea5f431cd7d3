import { getRouteApi, useNavigate } from '@tanstack/react-router'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { ListLayout, type ListAction } from '../../components/list'
import { useScreenButtons } from '../../components/permissions/useButtons'
import { useFieldColumns } from '../../components/resource/fieldValues'
import { useResourceList } from '../../components/resource/useResourceList'
import { channelAccounts } from '../../resources/channelAccounts'
import type { RowOf } from '../../resources/kit'
import { useMenuModel } from '../../shell/menus/queries'
import { CHANNEL_ACTIONS, channelAccountResource } from './resource'

const route = getRouteApi('/main/accounts-channel')
type Account = RowOf<typeof channelAccounts>
const label = (r: Account) => `${r.channelName} ${r.currency} ${r.accountNumber}`

/** accounts-channel: the platform's funding accounts at each channel, per currency. */
export function ChannelAccountListScreen() {
  const { t } = useTranslation(['transfers', 'common'])
  const navigate = useNavigate()
  const screen = useResourceList({
    client: channelAccountResource,
    search: route.useSearch(),
    rowLabel: label,
  })
  const more = useScreenButtons('accounts-channel', CHANNEL_ACTIONS)
  const canSeeRates = !!useMenuModel()?.names.has('accounts-fx-rate')
  const actions = useMemo<ListAction<Account>[]>(() => {
    const open = (to: string, row?: Account) =>
      void navigate({ to, search: row ? { id: row.id } : {} } as never)
    const own: ListAction<Account>[] = [
      {
        id: 'view',
        label: t('transfers:channel.view'),
        needs: 'one',
        denied: !more.can('view'),
        run: ([row]) => open('/main/accounts-channel-view', row),
      },
      {
        id: 'visibility',
        label: t('transfers:channel.visibility'),
        needs: 'one',
        denied: !more.can('visibility'),
        run: ([row]) => open('/main/accounts-channel-visibility', row),
      },
      {
        id: 'transfer',
        label: t('transfers:channel.transfer'),
        denied: !more.can('transfer'),
        run: () => open('/main/accounts-channel-transfer'),
      },
    ]
    const rates: ListAction<Account>[] = canSeeRates
      ? [
          {
            id: 'fxRates',
            label: t('transfers:channel.fxRates'),
            run: () => open('/main/accounts-fx-rate'),
          },
        ]
      : []
    return [...screen.actions, ...own, ...rates]
  }, [screen.actions, more, canSeeRates, navigate, t])

  const columns = useFieldColumns(channelAccounts)
  return (
    <>
      <ListLayout {...screen.layout} actions={actions} columns={columns} />
      {screen.exportDialog}
    </>
  )
}
