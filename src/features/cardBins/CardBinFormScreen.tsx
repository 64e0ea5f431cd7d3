import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { referenceQueries } from '../../api/reference'
import { CheckboxInput, SelectInput, TextInput } from '../../components/form'
import {
  ResourceFormPage,
  resourceFormScreen,
  useResourceForm,
} from '../../components/resource/ResourceForm'
import { CARD_MODES, cardBins } from '../../resources/cardBins'
import type { RowOf } from '../../resources/kit'
import { cardBinQueries, cardBinResource } from './resource'

/**
 * The definition's save rules; the selects hold text, so the channel id is read back as a
 * number and the scheme is any chosen code (the server checks it against the scheme list).
 */
const binForm = cardBins.save.omit({ id: true }).extend({
  channelId: z.string().min(1).transform(Number),
  scheme: z.string().min(1),
})

function CardBinForm({ record }: { record?: RowOf<typeof cardBins> }) {
  const { t, i18n } = useTranslation(['cards', 'common'])
  const channels = useQuery(cardBinQueries.channels())
  const schemes = useQuery(referenceQueries.cardSchemes())
  const currencies = useQuery(referenceQueries.currencies(i18n.language))
  const countries = useQuery(referenceQueries.countries(i18n.language))
  const screen = useResourceForm({
    client: cardBinResource,
    record,
    schema: binForm,
    initial: {
      bin: record?.bin ?? '',
      channelId: record ? String(record.channelId) : '',
      scheme: record?.scheme ?? '',
      currency: record?.currency ?? '',
      cardMode: record?.cardMode ?? 'prepaid',
      region: record?.region ?? '',
      active: record?.active ?? true,
    },
    titles: { add: 'cards:bin.addTitle', edit: 'cards:bin.editTitle' },
  })
  const { form } = screen
  return (
    <ResourceFormPage screen={screen}>
      <TextInput
        form={form}
        name="bin"
        label={t('cards:bin.bin')}
        hint={t('cards:bin.binHint')}
        maxLength={8}
        required
        autoFocus
      />
      <SelectInput
        form={form}
        name="channelId"
        label={t('cards:bin.channel')}
        required
        options={(channels.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
      />
      <SelectInput
        form={form}
        name="scheme"
        label={t('cards:bin.scheme')}
        required
        options={(schemes.data ?? []).map((s) => ({ value: s.code, label: s.name }))}
      />
      <SelectInput
        form={form}
        name="currency"
        label={t('cards:bin.currency')}
        required
        options={(currencies.data ?? []).map((c) => ({
          value: c.code,
          label: `${c.code} ${c.name}`,
        }))}
      />
      <SelectInput
        form={form}
        name="cardMode"
        label={t('cards:bin.cardMode')}
        required
        options={CARD_MODES.map((m) => ({ value: m, label: t(`cards:bin.mode.${m}`) }))}
      />
      <SelectInput
        form={form}
        name="region"
        label={t('cards:bin.region')}
        required
        options={(countries.data ?? []).map((c) => ({ value: c.code, label: c.name }))}
      />
      <CheckboxInput form={form} name="active" label={t('cards:bin.active')} />
    </ResourceFormPage>
  )
}

/** card-bin-management-save: create (no id) or edit (?id=) a card BIN. */
export const CardBinFormScreen = resourceFormScreen(
  cardBinResource,
  'cards:bin.editTitle',
  CardBinForm,
)
