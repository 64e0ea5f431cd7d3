import { createFileRoute } from '@tanstack/react-router'
import { lazyListRoute } from '../../components/resource/lazyRoutes'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { BalanceListScreen } from '../../features/accounts/BalanceListScreen'
import { TransferDialog } from '../../features/transfers/TransferDialog'

export const Route = createFileRoute('/main/accounts-balance')({
  ...lazyListRoute(() => import('../../features/accounts/resource').then((m) => m.balanceResource)),
  component: BalancePage,
})

/** The balances, with a transfer from the chosen balance in a dialog. */
function BalancePage() {
  const { t } = useTranslation()
  const [from, setFrom] = useState<number>()
  const transfer = useMemo(() => ({ label: t('transfers:transfer.submit'), open: setFrom }), [t])
  return (
    <>
      <BalanceListScreen transfer={transfer} />
      <TransferDialog
        open={from !== undefined}
        onOpenChange={(open) => !open && setFrom(undefined)}
        fromAccountId={from}
      />
    </>
  )
}
