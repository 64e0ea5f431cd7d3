import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { CheckboxInput, SelectInput, TextInput } from '../../components/form'
import {
  ResourceFormPage,
  resourceFormScreen,
  useResourceForm,
} from '../../components/resource/ResourceForm'
import type { channelAccounts } from '../../resources/channelAccounts'
import type { RowOf } from '../../resources/kit'
import { channelAccountForm, channelAccountResource, channelListQuery } from './resource'

function ChannelAccountForm({ record }: { record?: RowOf<typeof channelAccounts> }) {
  const { t } = useTranslation(['transfers', 'common'])
  const channels = useQuery(channelListQuery())
  const screen = useResourceForm({
    client: channelAccountResource,
    record,
    schema: channelAccountForm,
    initial: {
      channelId: record ? String(record.channelId) : '',
      currency: record?.currency ?? '',
      bankName: record?.bankName ?? '',
      accountName: record?.accountName ?? '',
      accountNumber: record?.accountNumber ?? '',
      address: record?.address ?? '',
      swift: record?.swift ?? '',
      bankCode: record?.bankCode ?? '',
      branchCode: record?.branchCode ?? '',
      location: record?.location ?? '',
      active: record?.active ?? true,
    },
    titles: { add: 'transfers:channel.addTitle', edit: 'transfers:channel.editTitle' },
  })
  const { form } = screen
  // Channel and currency name the ledger account: fixed once the account exists.
  const fixed = !!record
  return (
    <ResourceFormPage screen={screen}>
      <SelectInput
        form={form}
        name="channelId"
        label={t('transfers:channel.channel')}
        options={(channels.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
        disabled={fixed}
        required
      />
      <TextInput
        form={form}
        name="currency"
        label={t('transfers:currency')}
        maxLength={3}
        readOnly={fixed}
        required
        autoFocus
      />
      <TextInput form={form} name="bankName" label={t('transfers:channel.bankName')} required />
      <TextInput
        form={form}
        name="accountName"
        label={t('transfers:channel.accountName')}
        required
      />
      <TextInput
        form={form}
        name="accountNumber"
        label={t('transfers:channel.accountNumber')}
        maxLength={34}
        required
      />
      <TextInput form={form} name="swift" label={t('transfers:channel.swift')} maxLength={11} />
      <TextInput
        form={form}
        name="bankCode"
        label={t('transfers:channel.bankCode')}
        maxLength={20}
      />
      <TextInput
        form={form}
        name="branchCode"
        label={t('transfers:channel.branchCode')}
        maxLength={20}
      />
      <TextInput form={form} name="location" label={t('transfers:channel.location')} />
      <TextInput
        form={form}
        name="address"
        label={t('transfers:channel.address')}
        maxLength={200}
      />
      <CheckboxInput form={form} name="active" label={t('transfers:channel.active')} />
    </ResourceFormPage>
  )
}

/** accounts-channel-save: add (no id) or edit (?id=) a channel account's details. */
export const ChannelAccountFormScreen = resourceFormScreen(
  channelAccountResource,
  'transfers:channel.editTitle',
  ChannelAccountForm,
)
