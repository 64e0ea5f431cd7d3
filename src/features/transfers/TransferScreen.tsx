import { useTranslation } from 'react-i18next'
import { FormPage } from '../../components/form'
import { TransferForm } from './TransferForm'

/** accounts-transfer: the transfer form as a page (the palette's "Transfer between balances"). */
export function TransferScreen() {
  const { t } = useTranslation(['transfers'])
  return (
    <FormPage title={t('transfers:transfer.title')}>
      <TransferForm />
    </FormPage>
  )
}
