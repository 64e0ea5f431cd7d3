import { Flex, Heading, Text } from '@radix-ui/themes'
import { useTranslation } from 'react-i18next'
import { call } from '../../api/client'
import { toast } from '../../components/feedback/toast'
import { FormShell, TextInput, useZodForm } from '../../components/form'
import { passwordForm } from '../../resources/account'

const EMPTY = { oldPassword: '', newPassword: '', confirmPassword: '' }

/** Change the password (spec §5); the user's other sessions end, this one stays. */
export function PasswordForm() {
  const { t } = useTranslation(['settings', 'common'])
  const form = useZodForm({
    schema: passwordForm,
    initial: EMPTY,
    submit: async (body) => {
      await call('/public/password/update', body)
      form.reset(EMPTY)
      toast.success(t('settings:password.changed'))
    },
  })
  return (
    <Flex direction="column" gap="4">
      <Flex direction="column" gap="1">
        <Heading as="h2" size="4">
          {t('settings:password.title')}
        </Heading>
        <Text size="2" color="gray">
          {t('settings:password.rule')}
        </Text>
      </Flex>
      <FormShell
        form={form}
        label={t('settings:password.title')}
        submitLabel={t('settings:password.submit')}
        guard
      >
        <TextInput
          form={form}
          name="oldPassword"
          type="password"
          label={t('settings:password.old')}
          autoComplete="current-password"
          required
        />
        <TextInput
          form={form}
          name="newPassword"
          type="password"
          label={t('settings:password.new')}
          autoComplete="new-password"
          required
        />
        <TextInput
          form={form}
          name="confirmPassword"
          type="password"
          label={t('settings:password.confirm')}
          autoComplete="new-password"
          required
        />
      </FormShell>
    </Flex>
  )
}
