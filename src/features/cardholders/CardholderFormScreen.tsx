import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { referenceQueries } from '../../api/reference'
import { FieldInputs } from '../../components/resource/FieldInputs'
import {
  ResourceFormPage,
  resourceFormScreen,
  useResourceForm,
} from '../../components/resource/ResourceForm'
import { cardholders } from '../../resources/cardholders'
import { formSchemaOf, initialOf } from '../../resources/formFacts'
import type { RowOf } from '../../resources/kit'
import { cardholderResource } from './resource'

const holderForm = formSchemaOf(cardholders.save, cardholders.fields)

function CardholderForm({ record }: { record?: RowOf<typeof cardholders> }) {
  const { t, i18n } = useTranslation(['cards', 'common'])
  const lang = i18n.language
  const countries = useQuery(referenceQueries.countries(lang))
  const areas = useQuery(referenceQueries.phoneAreas(lang))
  const screen = useResourceForm({
    client: cardholderResource,
    record,
    schema: holderForm,
    initial: initialOf(cardholders.save, cardholders.fields, record),
    titles: { add: 'cards:holder.addTitle', edit: 'cards:holder.editTitle' },
  })
  const { form } = screen
  const country = form.rhf.watch('country') as string
  const states = useQuery({ ...referenceQueries.states(country, lang), enabled: !!country })
  const noStates = !!country && states.isSuccess && states.data.length === 0

  const areaOptions = (areas.data ?? [])
    .map((a) => ({ value: a.areaCode, label: `+${a.areaCode} ${a.name}` }))
    // One entry per calling code (several countries share +1, +7, +44…).
    .filter((o, i, all) => all.findIndex((x) => x.value === o.value) === i)
  return (
    <ResourceFormPage screen={screen}>
      <FieldInputs
        def={cardholders}
        form={form}
        extra={{
          merchantId: { disabled: !!record },
          areaCode: { options: areaOptions },
          country: {
            options: (countries.data ?? []).map((c) => ({ value: c.code, label: c.name })),
          },
          state: {
            options: (states.data ?? []).map((s) => ({ value: s.code, label: s.name })),
            hint: noStates ? t('cards:holder.noStates') : undefined,
            required: !noStates,
            disabled: !country || noStates,
            dependsOn: 'country',
          },
        }}
      />
    </ResourceFormPage>
  )
}

/** coremanagement-cardholder-save: create (no id) or edit (?id=) a cardholder. */
export const CardholderFormScreen = resourceFormScreen(
  cardholderResource,
  'cards:holder.editTitle',
  CardholderForm,
)
