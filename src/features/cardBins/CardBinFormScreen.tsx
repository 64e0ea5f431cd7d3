import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { referenceQueries } from '../../api/reference'
import { FieldInputs } from '../../components/resource/FieldInputs'
import {
  ResourceFormPage,
  resourceFormScreen,
  useResourceForm,
} from '../../components/resource/ResourceForm'
import { cardBins } from '../../resources/cardBins'
import { formSchemaOf, initialOf } from '../../resources/formFacts'
import type { RowOf } from '../../resources/kit'
import { cardBinQueries, cardBinResource } from './resource'

const binForm = formSchemaOf(cardBins.save, cardBins.fields)

function CardBinForm({ record }: { record?: RowOf<typeof cardBins> }) {
  const { t, i18n } = useTranslation(['cards', 'common'])
  const channels = useQuery(cardBinQueries.channels())
  const schemes = useQuery(referenceQueries.cardSchemes())
  const countries = useQuery(referenceQueries.countries(i18n.language))
  const screen = useResourceForm({
    client: cardBinResource,
    record,
    schema: binForm,
    // A new BIN is prepaid unless chosen otherwise (the mode the channels issue most).
    initial: {
      ...initialOf(cardBins.save, cardBins.fields, record),
      cardMode: record?.cardMode ?? 'prepaid',
    },
    titles: { add: 'cards:bin.addTitle', edit: 'cards:bin.editTitle' },
  })
  return (
    <ResourceFormPage screen={screen}>
      <FieldInputs
        def={cardBins}
        form={screen.form}
        extra={{
          bin: { hint: t('cards:bin.binHint') },
          channelId: {
            options: (channels.data ?? []).map((c) => ({ value: String(c.id), label: c.name })),
          },
          scheme: { options: (schemes.data ?? []).map((s) => ({ value: s.code, label: s.name })) },
          region: {
            options: (countries.data ?? []).map((c) => ({ value: c.code, label: c.name })),
          },
        }}
      />
    </ResourceFormPage>
  )
}

/** card-bin-management-save: create (no id) or edit (?id=) a card BIN. */
export const CardBinFormScreen = resourceFormScreen(
  cardBinResource,
  'cards:bin.editTitle',
  CardBinForm,
)
