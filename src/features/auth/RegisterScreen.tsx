import { Grid, Link, Text } from '@radix-ui/themes'
import { useQuery } from '@tanstack/react-query'
import { Link as RouterLink, useNavigate } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { Trans, useTranslation } from 'react-i18next'
import { call } from '../../api/client'
import {
  CheckboxInput,
  FormShell,
  SelectInput,
  TextAreaInput,
  TextInput,
  useZodForm,
} from '../../components/form'
import { countryListQuery } from './api'
import { PublicPage } from './PublicPage'
import { ADDRESS_MAX, registerForm } from './registerForm'

/** /register: a merchant applies; an operator reviews the application later. */
export function RegisterScreen() {
  const { t, i18n } = useTranslation('auth')
  const navigate = useNavigate()
  const countries = useQuery(countryListQuery(i18n.language))
  const form = useZodForm({
    schema: registerForm,
    initial: {
      companyName: '',
      contactName: '',
      email: '',
      country: '',
      registrationNo: '',
      address: '',
      referralCode: '',
      agree: false,
    },
    submit: async (body) => {
      const result = await call('/public/merchant/register', { ...body, agree: true })
      await navigate({ to: '/registerResult', search: { id: result.registrationId } })
    },
  })
  const options = (countries.data ?? []).map((c) => ({
    value: c.code,
    // The name first: typing a country's first letters in the open list jumps to it.
    label: c.name,
  }))

  return (
    <PublicPage title={t('register.title')} lead={t('register.lead')} wide>
      <FormShell form={form} label={t('register.title')} submitLabel={t('register.submit')}>
        <Grid columns={{ initial: '1', sm: '2' }} gap="4">
          <TextInput
            form={form}
            name="companyName"
            label={t('register.companyName')}
            required
            autoFocus
          />
          <TextInput
            form={form}
            name="registrationNo"
            label={t('register.registrationNo')}
            required
          />
          <TextInput
            form={form}
            name="contactName"
            label={t('register.contactName')}
            autoComplete="name"
            required
          />
          <TextInput
            form={form}
            name="email"
            type="email"
            label={t('register.email')}
            autoComplete="email"
            required
          />
          <SelectInput
            form={form}
            name="country"
            label={t('register.country')}
            options={options}
            placeholder={t('register.chooseCountry')}
            required
          />
          <TextInput
            form={form}
            name="referralCode"
            label={t('register.referralCode')}
            hint={t('register.referralHint')}
          />
        </Grid>
        <TextAreaInput
          form={form}
          name="address"
          label={t('register.address')}
          maxLength={ADDRESS_MAX}
          required
        />
        <CheckboxInput
          form={form}
          name="agree"
          label={
            <Trans
              t={t}
              i18nKey="register.agree"
              components={{
                msa: <NewTabLink to="/masterServiceAgreement" />,
                privacy: <NewTabLink to="/privacyPolicy" />,
              }}
            />
          }
        />
      </FormShell>
      <Text size="2">
        {t('register.haveAccount')}{' '}
        <Link asChild underline="always">
          <RouterLink to="/login">{t('backToLogin')}</RouterLink>
        </Link>
      </Text>
    </PublicPage>
  )
}

/**
 * The agreement links of the consent box: a new tab, so the half-filled form stays. Trans
 * gives it the translated words as children.
 */
function NewTabLink({
  to,
  children,
}: {
  to: '/masterServiceAgreement' | '/privacyPolicy'
  children?: ReactNode
}) {
  return (
    <Link asChild underline="always">
      <RouterLink to={to} target="_blank">
        {children}
      </RouterLink>
    </Link>
  )
}
