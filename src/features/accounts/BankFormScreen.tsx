import { useTranslation } from 'react-i18next'
import { SelectInput, TextInput } from '../../components/form'
import {
  ResourceFormPage,
  resourceFormScreen,
  useResourceForm,
} from '../../components/resource/ResourceForm'
import { bankAccounts } from '../../resources/accounts'
import type { RowOf } from '../../resources/kit'
import { currencyOptions } from './options'
import { bankResource } from './resource'

const bankForm = bankAccounts.save.omit({ id: true })

function BankForm({ record }: { record?: RowOf<typeof bankAccounts> }) {
  const { t } = useTranslation(['accounts'])
  const screen = useResourceForm({
    client: bankResource,
    record,
    schema: bankForm,
    initial: {
      currency: record?.currency ?? 'USD',
      bankName: record?.bankName ?? '',
      accountName: record?.accountName ?? '',
      accountNumber: record?.accountNumber ?? '',
      address: record?.address ?? '',
      swift: record?.swift ?? '',
      bankCode: record?.bankCode ?? '',
      branchCode: record?.branchCode ?? '',
      location: record?.location ?? '',
    },
    titles: { add: 'accounts:addBankTitle', edit: 'accounts:editBankTitle' },
  })
  const { form } = screen
  return (
    <ResourceFormPage screen={screen}>
      <SelectInput
        form={form}
        name="currency"
        label={t('accounts:currency')}
        options={currencyOptions}
        required
      />
      <TextInput form={form} name="bankName" label={t('accounts:bankName')} required autoFocus />
      <TextInput form={form} name="accountName" label={t('accounts:accountName')} required />
      <TextInput
        form={form}
        name="accountNumber"
        label={t('accounts:accountNumber')}
        required
        maxLength={50}
      />
      <TextInput form={form} name="address" label={t('accounts:address')} maxLength={200} />
      <TextInput form={form} name="swift" label={t('accounts:swift')} maxLength={11} />
      <TextInput form={form} name="bankCode" label={t('accounts:bankCode')} maxLength={20} />
      <TextInput form={form} name="branchCode" label={t('accounts:branchCode')} maxLength={20} />
      <TextInput form={form} name="location" label={t('accounts:location')} />
    </ResourceFormPage>
  )
}

/** accounts-balance-save: add (no id) or edit (?id=) a receiving bank account. */
export const BankFormScreen = resourceFormScreen(bankResource, 'accounts:editBankTitle', BankForm)
