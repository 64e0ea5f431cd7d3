import { useQuery } from '@tanstack/react-query'
import { FieldInputs } from '../../components/resource/FieldInputs'
import {
  ResourceFormPage,
  resourceFormScreen,
  useResourceForm,
} from '../../components/resource/ResourceForm'
import { channelAccounts } from '../../resources/channelAccounts'
import { formSchemaOf, initialOf } from '../../resources/formFacts'
import type { RowOf } from '../../resources/kit'
import { channelAccountResource, channelListQuery } from './resource'

const accountForm = formSchemaOf(channelAccounts.save, channelAccounts.fields)

function ChannelAccountForm({ record }: { record?: RowOf<typeof channelAccounts> }) {
  const channels = useQuery(channelListQuery())
  const screen = useResourceForm({
    client: channelAccountResource,
    record,
    schema: accountForm,
    initial: initialOf(channelAccounts.save, channelAccounts.fields, record),
    titles: { add: 'transfers:channel.addTitle', edit: 'transfers:channel.editTitle' },
  })
  // Channel and currency name the ledger account: fixed once the account exists.
  const fixed = !!record
  return (
    <ResourceFormPage screen={screen}>
      <FieldInputs
        def={channelAccounts}
        form={screen.form}
        extra={{
          channelId: {
            options: (channels.data ?? []).map((c) => ({ value: String(c.id), label: c.name })),
            disabled: fixed,
          },
          currency: { disabled: fixed },
        }}
      />
    </ResourceFormPage>
  )
}

/** accounts-channel-save: add (no id) or edit (?id=) a channel account's details. */
export const ChannelAccountFormScreen = resourceFormScreen(
  channelAccountResource,
  'transfers:channel.editTitle',
  ChannelAccountForm,
)
