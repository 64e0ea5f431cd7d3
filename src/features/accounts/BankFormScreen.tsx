import { FieldInputs } from '../../components/resource/FieldInputs'
import {
  ResourceFormPage,
  resourceFormScreen,
  useResourceForm,
} from '../../components/resource/ResourceForm'
import { bankAccounts } from '../../resources/accounts'
import { formSchemaOf, initialOf } from '../../resources/formFacts'
import type { RowOf } from '../../resources/kit'
import { currencyOptions } from './options'
import { bankResource } from './resource'

const bankForm = formSchemaOf(bankAccounts.save, bankAccounts.fields)

function BankForm({ record }: { record?: RowOf<typeof bankAccounts> }) {
  const screen = useResourceForm({
    client: bankResource,
    record,
    schema: bankForm,
    // A new account starts in the platform's main currency.
    initial: {
      ...initialOf(bankAccounts.save, bankAccounts.fields, record),
      currency: record?.currency ?? 'USD',
    },
    titles: { add: 'accounts:addBankTitle', edit: 'accounts:editBankTitle' },
  })
  return (
    <ResourceFormPage screen={screen}>
      <FieldInputs
        def={bankAccounts}
        form={screen.form}
        extra={{ currency: { options: currencyOptions } }}
      />
    </ResourceFormPage>
  )
}

/** accounts-balance-save: add (no id) or edit (?id=) a receiving bank account. */
export const BankFormScreen = resourceFormScreen(bankResource, 'accounts:editBankTitle', BankForm)
