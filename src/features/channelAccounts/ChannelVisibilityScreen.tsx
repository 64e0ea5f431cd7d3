import { Callout, Flex } from '@radix-ui/themes'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate, useSearch } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { call } from '../../api/client'
import { toast } from '../../components/feedback/toast'
import { CheckboxInput, EditRecord, FormPage, FormShell, useZodForm } from '../../components/form'
import { lastListSearch, useFormTab } from '../../components/list'
import { useScreenButtons } from '../../components/permissions/useButtons'
import { ViewOnlyNotice } from '../../components/permissions/ViewOnlyNotice'
import type { channelAccounts } from '../../resources/channelAccounts'
import type { RowOf } from '../../resources/kit'
import { channelAccountResource } from './resource'
import { companyTreeQuery, flattenCompanies, type CompanyNode } from '../../domain/companies'

type Account = RowOf<typeof channelAccounts>

// Keys are `c<id>`: a number alone would be read as an array index in a field path.
const visibilityForm = z.object({ companies: z.record(z.string(), z.boolean()) })
const LIST = 'accounts-channel'

function VisibilityForm({ account, companies }: { account: Account; companies: CompanyNode[] }) {
  const { t } = useTranslation(['transfers', 'common'])
  const qc = useQueryClient()
  const navigate = useNavigate()
  const allowed = useScreenButtons(LIST, ['visibility']).can('visibility')
  const title = t('transfers:channel.visibilityTitle', {
    name: `${account.channelName} ${account.currency}`,
  })
  const closeAfterSave = useFormTab('transfers:channel.visibility', LIST)
  const back = () => navigate({ to: `/main/${LIST}`, search: lastListSearch(LIST) } as never)
  const all = flattenCompanies(companies)
  const save = useMutation({
    mutationFn: (companyIds: number[]) =>
      call('/accounts/channel/visibility', { id: account.id, companyIds }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['/accounts/channel'] }),
  })
  const form = useZodForm({
    schema: visibilityForm,
    initial: {
      companies: Object.fromEntries(
        all.map((c) => [`c${c.id}`, account.companyIds.includes(c.id)]),
      ),
    },
    submit: async ({ companies: ticked }) => {
      await save.mutateAsync(all.filter((c) => ticked[`c${c.id}`]).map((c) => c.id))
      toast.success(t('transfers:channel.visibilitySaved'))
      await closeAfterSave(back)
    },
  })
  return (
    <FormPage title={title}>
      <Flex direction="column" gap="4">
        {allowed ? null : <ViewOnlyNotice />}
        <FormShell form={form} label={title} readOnly={!allowed} guard>
          {all.map((c) => (
            <div key={c.id} style={{ paddingInlineStart: `${c.depth * 1.25}rem` }}>
              <CheckboxInput
                form={form}
                name={`companies.c${c.id}`}
                label={c.name}
                disabled={!allowed}
              />
            </div>
          ))}
          {all.length ? null : (
            <Callout.Root size="1">
              <Callout.Text>{t('transfers:channel.noCompanies')}</Callout.Text>
            </Callout.Root>
          )}
        </FormShell>
      </Flex>
    </FormPage>
  )
}

/** accounts-channel-visibility: which companies may see and use a channel account. */
export function ChannelVisibilityScreen() {
  const { t } = useTranslation(['transfers', 'refusals'])
  const { id } = useSearch({ strict: false }) as { id?: number }
  const companies = useQuery(companyTreeQuery())
  return (
    <EditRecord
      id={id}
      query={channelAccountResource.detailQuery}
      titleKey="transfers:channel.visibility"
      error={id ? companies.error : new Error(t('refusals:transfers.channelAccountNotFound'))}
    >
      {(account) =>
        account && companies.data ? (
          <VisibilityForm key={account.id} account={account} companies={companies.data} />
        ) : null
      }
    </EditRecord>
  )
}
