import { Callout, Flex, Heading, Text } from '@radix-ui/themes'
import { useQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { call } from '../../api/client'
import { useAction } from '../../components/action/useAction'
import { toast } from '../../components/feedback/toast'
import { ErrorNotice } from '../../components/feedback/ErrorNotice'
import { FormPage, FormShell, SelectInput, useZodForm } from '../../components/form'
import { lastListSearch, useFormTab } from '../../components/list'
import { useScreenButtons } from '../../components/permissions/useButtons'
import { ViewOnlyNotice } from '../../components/permissions/ViewOnlyNotice'
import { saveSenderSettings, type SenderSettings } from '../../resources/emailAccounts'

// Select values are text: `none` is "no account" (the platform default, or SMTP_URL for it);
// company keys are `c<id>` (a number alone would be read as an array index in a field path).
const NONE = 'none'
const settingsForm = z.object({
  defaultAccountId: z.string(),
  companies: z.record(z.string(), z.string()),
})
const LIST = 'email-account'
const TITLE = 'menu:email-account-save-settinginfo'
const idOf = (v: string) => (v === NONE ? null : Number(v))
const valueOf = (id: number | null) => (id === null ? NONE : String(id))

function SettingsForm({ settings }: { settings: SenderSettings }) {
  const { t } = useTranslation(['outbox', 'menu'])
  const navigate = useNavigate()
  const allowed = useScreenButtons(LIST, ['settings']).can('settings')
  const save = useAction(saveSenderSettings)
  const closeAfterSave = useFormTab(TITLE, LIST)
  const back = () => navigate({ to: `/main/${LIST}`, search: lastListSearch(LIST) } as never)
  const label = (a: SenderSettings['accounts'][number]) =>
    a.senderName ? `${a.senderName} <${a.address}>` : a.address
  const active = settings.accounts.filter((a) => a.status === 'active')
  const shared = active.filter((a) => a.isPublic)
  const form = useZodForm({
    schema: settingsForm,
    initial: {
      defaultAccountId: valueOf(settings.defaultAccountId),
      companies: Object.fromEntries(
        settings.companies.map((c) => [`c${c.companyId}`, valueOf(c.accountId)]),
      ),
    },
    submit: async (v) => {
      await save.mutateAsync({
        defaultAccountId: idOf(v.defaultAccountId),
        companies: settings.companies.map((c) => ({
          companyId: c.companyId,
          accountId: idOf(v.companies[`c${c.companyId}`] ?? NONE),
        })),
      })
      toast.success(t('outbox:settings.saved'))
      await closeAfterSave(back)
    },
  })
  const title = t(TITLE)
  return (
    <FormPage title={title}>
      <Flex direction="column" gap="4">
        {allowed ? null : <ViewOnlyNotice />}
        <FormShell form={form} label={title} readOnly={!allowed} guard>
          <SelectInput
            form={form}
            name="defaultAccountId"
            label={t('outbox:settings.platformDefault')}
            hint={t('outbox:settings.platformDefaultHint')}
            options={[
              { value: NONE, label: t('outbox:settings.noDefault') },
              ...active.map((a) => ({ value: String(a.id), label: label(a) })),
            ]}
            disabled={!allowed}
          />
          <Heading as="h2" size="3">
            {t('outbox:settings.companies')}
          </Heading>
          <Text as="p" size="2" color="gray">
            {t('outbox:settings.companiesHint')}
          </Text>
          {settings.companies.map((c) => (
            <SelectInput
              key={c.companyId}
              form={form}
              name={`companies.c${c.companyId}`}
              label={c.name}
              options={[
                { value: NONE, label: t('outbox:settings.usePlatformDefault') },
                ...shared.map((a) => ({ value: String(a.id), label: label(a) })),
                // A choice that is no longer public or active stays visible until changed.
                ...(c.accountId !== null && !shared.some((a) => a.id === c.accountId)
                  ? settings.accounts
                      .filter((a) => a.id === c.accountId)
                      .map((a) => ({
                        value: String(a.id),
                        label: t('outbox:settings.notUsable', { account: label(a) }),
                      }))
                  : []),
              ]}
              disabled={!allowed}
            />
          ))}
          {settings.companies.length ? null : (
            <Callout.Root size="1">
              <Callout.Text>{t('outbox:settings.noCompanies')}</Callout.Text>
            </Callout.Root>
          )}
        </FormShell>
      </Flex>
    </FormPage>
  )
}

/**
 * email-account-save-settinginfo: which account sends which mail — the platform default and
 * the account each company uses (an active public one, or the platform default). docs/mail.md.
 */
export function SenderSettingsScreen() {
  const { t } = useTranslation(['menu'])
  const settings = useQuery({
    queryKey: ['mail', 'settinginfo'],
    queryFn: () => call('/email-account/settinginfo', {}),
  })
  if (settings.error) {
    return (
      <FormPage title={t(TITLE)}>
        <ErrorNotice error={settings.error} />
      </FormPage>
    )
  }
  return settings.data ? <SettingsForm settings={settings.data} /> : null
}
