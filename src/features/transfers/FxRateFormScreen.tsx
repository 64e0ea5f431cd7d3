import { useTranslation } from 'react-i18next'
import { TextInput } from '../../components/form'
import {
  ResourceFormPage,
  resourceFormScreen,
  useResourceForm,
} from '../../components/resource/ResourceForm'
import type { fxRates } from '../../resources/fxRates'
import type { RowOf } from '../../resources/kit'
import { fxRateForm, fxRateResource } from './fxRateResource'

function FxRateForm({ record }: { record?: RowOf<typeof fxRates> }) {
  const { t } = useTranslation(['transfers', 'common'])
  const screen = useResourceForm({
    client: fxRateResource,
    record,
    schema: fxRateForm,
    initial: {
      baseCurrency: record?.baseCurrency ?? '',
      quoteCurrency: record?.quoteCurrency ?? '',
      rate: record?.rate ?? '',
      spreadBps: String(record?.spreadBps ?? 0),
    },
    titles: { add: 'transfers:fx.addTitle', edit: 'transfers:fx.editTitle' },
  })
  const { form } = screen
  return (
    <ResourceFormPage screen={screen}>
      <TextInput
        form={form}
        name="baseCurrency"
        label={t('transfers:fx.baseCurrency')}
        maxLength={3}
        required
        autoFocus
      />
      <TextInput
        form={form}
        name="quoteCurrency"
        label={t('transfers:fx.quoteCurrency')}
        maxLength={3}
        required
      />
      <TextInput
        form={form}
        name="rate"
        label={t('transfers:fx.rate')}
        hint={t('transfers:fx.rateHint')}
        maxLength={25}
        required
      />
      <TextInput
        form={form}
        name="spreadBps"
        label={t('transfers:fx.spreadBps')}
        hint={t('transfers:fx.spreadHint')}
        maxLength={4}
        required
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
