import { resourceViewScreen } from '../../components/resource/ResourceView'
import { bankResource } from './resource'

/** accounts-balance-view (?id=): one receiving bank account, read-only (edit and delete by button). */
export const BankViewScreen = resourceViewScreen({
  client: bankResource,
  title: 'accounts:viewBankTitle',
  back: 'accounts:bank.back',
  rowLabel: (r) => r.bankName,
})
