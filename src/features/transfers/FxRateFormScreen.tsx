import { useTranslation } from 'react-i18next'
import { FieldInputs } from '../../components/resource/FieldInputs'
import {
  ResourceFormPage,
  resourceFormScreen,
  useResourceForm,
} from '../../components/resource/ResourceForm'
import { fxRates } from '../../resources/fxRates'
import { formSchemaOf, initialOf } from '../../resources/formFacts'
import type { RowOf } from '../../resources/kit'
import { fxRateResource } from './fxRateResource'

/** The definition's save rules, and "Cannot be same" for the two currencies. */
const fxRateForm = formSchemaOf(fxRates.save, fxRates.fields).refine(
  (r) => r.baseCurrency !== r.quoteCurrency,
  { message: 'validation:notSame', path: ['quoteCurrency'] },
)

function FxRateForm({ record }: { record?: RowOf<typeof fxRates> }) {
  const { t } = useTranslation(['transfers', 'common'])
  const screen = useResourceForm({
    client: fxRateResource,
    record,
    schema: fxRateForm,
    // A new rate starts without a spread.
    initial: {
      ...initialOf(fxRates.save, fxRates.fields, record),
      spreadBps: String(record?.spreadBps ?? 0),
    },
    titles: { add: 'transfers:fx.addTitle', edit: 'transfers:fx.editTitle' },
  })
  return (
    <ResourceFormPage screen={screen}>
      <FieldInputs
        def={fxRates}
        form={screen.form}
        extra={{
          rate: { hint: t('transfers:fx.rateHint') },
          spreadBps: { hint: t('transfers:fx.spreadHint') },
        }}
      />
    </ResourceFormPage>
  )
}

/** accounts-fx-rate-save: add (no id) or edit (?id=) an FX rate. */
export const FxRateFormScreen = resourceFormScreen(
  fxRateResource,
  'transfers:fx.editTitle',
  FxRateForm,
)
