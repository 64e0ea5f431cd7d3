import { z } from 'zod'
import { useTranslation } from 'react-i18next'
import {
  CheckboxInput,
  FieldArray,
  SelectInput,
  TextAreaInput,
  TextInput,
} from '../../components/form'
import {
  ResourceFormPage,
  resourceFormScreen,
  useResourceForm,
} from '../../components/resource/ResourceForm'
import {
  DNS_TYPES,
  EMAIL_ACCOUNT_STATUS,
  emailAccounts,
  SMTP_SECURITY,
  type EmailAccount,
} from '../../resources/emailAccounts'
import { emailAccountResource } from './resource'

// The port is typed as text; the server's rule (1 to 65535) is the same.
const emailAccountForm = emailAccounts.save
  .omit({ id: true })
  .extend({ port: z.coerce.number<string>().int().min(1).max(65535) })

function EmailAccountForm({ record }: { record?: EmailAccount }) {
  const { t } = useTranslation(['outbox', 'common'])
  const screen = useResourceForm({
    client: emailAccountResource,
    record,
    schema: emailAccountForm,
    initial: {
      address: record?.address ?? '',
      host: record?.host ?? '',
      port: String(record?.port ?? 587),
      security: record?.security ?? 'starttls',
      userName: record?.userName ?? '',
      password: '',
      senderName: record?.senderName ?? '',
      remarks: record?.remarks ?? '',
      status: record?.status ?? 'active',
      isPublic: record?.isPublic ?? false,
      isDefault: record?.isDefault ?? false,
      dnsRecords: (record?.dnsRecords ?? []).map(({ name, type, value }) => ({
        name,
        type,
        value,
      })),
    },
    titles: { add: 'menu:email-account-save', edit: 'menu:email-account-save' },
  })
  const { form } = screen
  return (
    <ResourceFormPage screen={screen}>
      <TextInput
        form={form}
        name="address"
        type="email"
        label={t('emailAccount.address')}
        required
        autoFocus
      />
      <TextInput form={form} name="senderName" label={t('emailAccount.senderName')} />
      <TextInput form={form} name="host" label={t('emailAccount.host')} maxLength={253} required />
      <TextInput form={form} name="port" label={t('emailAccount.port')} maxLength={5} required />
      <SelectInput
        form={form}
        name="security"
        label={t('emailAccount.security')}
        options={SMTP_SECURITY.map((s) => ({
          value: s,
          label: t(`emailAccount.securityValue.${s}`),
        }))}
        required
      />
      <TextInput form={form} name="userName" label={t('emailAccount.userName')} />
      <TextInput
        form={form}
        name="password"
        type="password"
        label={t('emailAccount.password')}
        hint={record?.hasPassword ? t('emailAccount.passwordKept') : undefined}
        maxLength={200}
      />
      <SelectInput
        form={form}
        name="status"
        label={t('emailAccount.status')}
        options={EMAIL_ACCOUNT_STATUS.map((s) => ({
          value: s,
          label: t(`emailAccount.statusValue.${s}`),
        }))}
        required
      />
      <CheckboxInput form={form} name="isPublic" label={t('emailAccount.isPublic')} />
      <CheckboxInput form={form} name="isDefault" label={t('emailAccount.isDefault')} />
      <FieldArray
        form={form}
        name="dnsRecords"
        label={t('emailAccount.dnsRecords')}
        newRow={() => ({ name: '', type: 'TXT' as const, value: '' })}
      >
        {({ path }) => (
          <>
            <TextInput
              form={form}
              name={`${path}.name`}
              label={t('emailAccount.dnsName')}
              maxLength={253}
              required
            />
            <SelectInput
              form={form}
              name={`${path}.type`}
              label={t('emailAccount.dnsType')}
              options={DNS_TYPES.map((d) => ({ value: d, label: d }))}
              required
            />
            <TextInput
              form={form}
              name={`${path}.value`}
              label={t('emailAccount.dnsValue')}
              maxLength={2000}
              required
            />
          </>
        )}
      </FieldArray>
      <TextAreaInput form={form} name="remarks" label={t('emailAccount.remarks')} />
    </ResourceFormPage>
  )
}

/** email-account-save: create (no id) or edit (?id=) a sender account. */
export const EmailAccountFormScreen = resourceFormScreen(
  emailAccountResource,
  'menu:email-account-save',
  EmailAccountForm,
)
