import { useQuery } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { referenceQueries } from '../../api/reference'
import { CheckboxInput, SelectInput, TextAreaInput, TextInput } from '../../components/form'
import {
  ResourceFormPage,
  resourceFormScreen,
  useResourceForm,
} from '../../components/resource/ResourceForm'
import { cardholders } from '../../resources/cardholders'
import type { RowOf } from '../../resources/kit'
import { cardholderResource, merchantChoicesQuery } from './resource'

/** The definition's save rules; the merchant select holds text, read back as the id. */
const holderForm = cardholders.save.omit({ id: true }).extend({
  merchantId: z.string().min(1).transform(Number),
})

function CardholderForm({ record }: { record?: RowOf<typeof cardholders> }) {
  const { t, i18n } = useTranslation(['cards', 'common'])
  const lang = i18n.language
  const merchants = useQuery(merchantChoicesQuery())
  const countries = useQuery(referenceQueries.countries(lang))
  const areas = useQuery(referenceQueries.phoneAreas(lang))
  const screen = useResourceForm({
    client: cardholderResource,
    record,
    schema: holderForm,
    initial: {
      merchantId: record ? String(record.merchantId) : '',
      firstName: record?.firstName ?? '',
      middleName: record?.middleName ?? '',
      lastName: record?.lastName ?? '',
      areaCode: record?.areaCode ?? '',
      phone: record?.phone ?? '',
      email: record?.email ?? '',
      birthday: record?.birthday ?? '',
      remark: record?.remark ?? '',
      country: record?.country ?? '',
      state: record?.state ?? '',
      city: record?.city ?? '',
      address: record?.address ?? '',
      postalCode: record?.postalCode ?? '',
      isDefault: record?.isDefault ?? false,
    },
    titles: { add: 'cards:holder.addTitle', edit: 'cards:holder.editTitle' },
  })
  const { form } = screen
  const country = form.rhf.watch('country')
  const states = useQuery({ ...referenceQueries.states(country, lang), enabled: !!country })
  const noStates = !!country && states.isSuccess && states.data.length === 0

  // A merchant user reaches one merchant: a new cardholder is its.
  const only = merchants.data?.length === 1 ? String(merchants.data[0].merchantId) : ''
  useEffect(() => {
    if (!record && only && !form.rhf.getValues('merchantId')) {
      form.rhf.setValue('merchantId', only)
    }
  }, [record, only, form.rhf])

  // Another country's states do not apply: the state is chosen again.
  const lastCountry = useRef(country)
  useEffect(() => {
    if (lastCountry.current !== country) {
      lastCountry.current = country
      form.rhf.setValue('state', '', { shouldDirty: true })
    }
  }, [country, form.rhf])

  return (
    <ResourceFormPage screen={screen}>
      <SelectInput
        form={form}
        name="merchantId"
        label={t('cards:holder.merchant')}
        required
        disabled={!!record}
        options={(merchants.data ?? []).map((m) => ({
          value: String(m.merchantId),
          label: m.name,
        }))}
      />
      <TextInput
        form={form}
        name="firstName"
        label={t('cards:holder.firstName')}
        required
        autoFocus
      />
      <TextInput form={form} name="middleName" label={t('cards:holder.middleName')} />
      <TextInput form={form} name="lastName" label={t('cards:holder.lastName')} required />
      <SelectInput
        form={form}
        name="areaCode"
        label={t('cards:holder.areaCode')}
        required
        options={(areas.data ?? [])
          .map((a) => ({
            value: a.areaCode,
            label: `+${a.areaCode} ${a.name}`,
          }))
          // One entry per calling code (several countries share +1, +7, +44…).
          .filter((o, i, all) => all.findIndex((x) => x.value === o.value) === i)}
      />
      <TextInput form={form} name="phone" label={t('cards:holder.phone')} maxLength={15} required />
      <TextInput form={form} name="email" label={t('cards:holder.email')} type="email" required />
      <TextInput
        form={form}
        name="birthday"
        label={t('cards:holder.birthday')}
        placeholder="YYYY-MM-DD"
        maxLength={10}
        required
      />
      <SelectInput
        form={form}
        name="country"
        label={t('cards:holder.country')}
        required
        options={(countries.data ?? []).map((c) => ({ value: c.code, label: c.name }))}
      />
      <SelectInput
        form={form}
        name="state"
        label={t('cards:holder.state')}
        hint={noStates ? t('cards:holder.noStates') : undefined}
        required={!noStates}
        disabled={!country || noStates}
        options={(states.data ?? []).map((s) => ({ value: s.code, label: s.name }))}
      />
      <TextInput form={form} name="city" label={t('cards:holder.city')} required />
      <TextInput form={form} name="address" label={t('cards:holder.address')} required />
      <TextInput
        form={form}
        name="postalCode"
        label={t('cards:holder.postalCode')}
        maxLength={20}
        required
      />
      <TextAreaInput form={form} name="remark" label={t('cards:holder.remark')} />
      <CheckboxInput form={form} name="isDefault" label={t('cards:holder.isDefault')} />
    </ResourceFormPage>
  )
}

/** coremanagement-cardholder-save: create (no id) or edit (?id=) a cardholder. */
export const CardholderFormScreen = resourceFormScreen(
  cardholderResource,
  'cards:holder.editTitle',
  CardholderForm,
)
