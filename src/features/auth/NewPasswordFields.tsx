import { useTranslation } from 'react-i18next'
import { TextInput, type FormApi } from '../../components/form'

type NewPasswordValues = { newPassword: string; confirmPassword: string }

/** The new password typed twice, as the reset and first-time-login screens ask for it. */
export function NewPasswordFields({ form }: { form: FormApi<NewPasswordValues> }) {
  const { t } = useTranslation('auth')
  return (
    <>
      <TextInput
        form={form}
        name="newPassword"
        type="password"
        label={t('newPassword')}
        autoComplete="new-password"
        required
        autoFocus
      />
      <TextInput
        form={form}
        name="confirmPassword"
        type="password"
        label={t('confirmPassword')}
        autoComplete="new-password"
        required
      />
    </>
  )
}
