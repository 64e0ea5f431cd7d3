import { Grid, Link, Text } from '@radix-ui/themes'
import { useQuery } from '@tanstack/react-query'
import { Link as RouterLink, useNavigate } from '@tanstack/react-router'
import { useMemo, type ReactNode } from 'react'
import { Trans, useTranslation } from 'react-i18next'
import { useAction } from '../../components/action/useAction'
import { CheckboxInput, SelectInput, TextAreaInput, TextInput } from '../../components/form'
import {
  localDraftStore,
  useDraft,
  useWizard,
  WizardFrame,
  WizardReview,
  WizardStepForm,
  type DraftStore,
  type WizardDraft,
} from '../../components/wizard'
import type { WizardData } from '../../machines/wizard'
import { countryListQuery } from './api'
import { PublicPage } from './PublicPage'
import {
  ADDRESS_MAX,
  agreementsStep,
  businessStep,
  contactStep,
  merchantRegister,
  REGISTER_BLANK,
  registerWizard,
} from '../../resources/merchantRegistration'

/**
 * /register: a merchant applies in three steps and a review; an operator reviews the
 * application later. A public page, so the draft stays in this browser (docs/wizard.md).
 */
export function RegisterScreen() {
  const { t } = useTranslation('auth')
  const store = useMemo(() => localDraftStore(registerWizard.id), [])
  const draft = useDraft(store)
  return (
    <PublicPage title={t('register.title')} lead={t('register.lead')} wide>
      {draft === undefined ? null : <RegisterWizard store={store} draft={draft} />}
      <Text size="2">
        {t('register.haveAccount')}{' '}
        <Link asChild underline="always">
          <RouterLink to="/login">{t('backToLogin')}</RouterLink>
        </Link>
      </Text>
    </PublicPage>
  )
}

function RegisterWizard({ store, draft }: { store: DraftStore; draft: WizardDraft | null }) {
  const { t, i18n } = useTranslation('auth')
  const navigate = useNavigate()
  const countries = useQuery(countryListQuery(i18n.language))
  const register = useAction(merchantRegister)
  const wizard = useWizard({
    definition: registerWizard,
    store,
    blank: REGISTER_BLANK,
    draft,
    // The steps together are the action's input: the machine checked each of them.
    submit: (data: WizardData) => register.mutateAsync(merchantRegister.input.parse(data)),
    onSubmitted: (result) =>
      void navigate({
        to: '/registerResult',
        search: { id: (result as { registrationId: number }).registrationId },
      }),
  })

  const options = (countries.data ?? []).map((c) => ({
    value: c.code,
    // The name first: typing a country's first letters in the open list jumps to it.
    label: c.name,
  }))
  const countryName = (code: unknown) =>
    options.find((o) => o.value === code)?.label ?? String(code ?? '')
  const stepTitle = (id: string) => t(`register.steps.${id}` as 'register.steps.business')
  const key = `${wizard.position}:${wizard.epoch}`
  const data = wizard.snapshot.context.data
  const str = (f: string) => String(data[f] ?? '')

  const leads = [
    t('register.businessLead'),
    t('register.contactLead'),
    t('register.agreementsLead'),
    t('register.reviewLead'),
  ]

  return (
    <WizardFrame wizard={wizard} stepTitle={stepTitle} lead={leads[wizard.position]}>
      {wizard.onReview ? (
        <WizardReview
          wizard={wizard}
          submitLabel={t('register.submit')}
          sections={[
            {
              title: stepTitle('business'),
              items: [
                { label: t('register.companyName'), value: str('companyName') },
                { label: t('register.registrationNo'), value: str('registrationNo') },
                { label: t('register.country'), value: countryName(data.country) },
                { label: t('register.address'), value: str('address') },
                { label: t('register.referralCode'), value: str('referralCode') },
              ],
            },
            {
              title: stepTitle('contact'),
              items: [
                { label: t('register.contactName'), value: str('contactName') },
                { label: t('register.email'), value: str('email') },
              ],
            },
            {
              title: stepTitle('agreements'),
              items: [
                { label: t('register.serviceAgreement'), value: t('register.accepted') },
                { label: t('register.privacyPolicy'), value: t('register.accepted') },
              ],
            },
          ]}
        />
      ) : wizard.position === 0 ? (
        <WizardStepForm
          key={key}
          wizard={wizard}
          schema={businessStep}
          label={stepTitle('business')}
        >
          {(form) => (
            <>
              <Grid columns={{ initial: '1', sm: '2' }} gap="4">
                <TextInput
                  form={form}
                  name="companyName"
                  label={t('register.companyName')}
                  required
                />
                <TextInput
                  form={form}
                  name="registrationNo"
                  label={t('register.registrationNo')}
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
            </>
          )}
        </WizardStepForm>
      ) : wizard.position === 1 ? (
        <WizardStepForm key={key} wizard={wizard} schema={contactStep} label={stepTitle('contact')}>
          {(form) => (
            <Grid columns={{ initial: '1', sm: '2' }} gap="4">
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
            </Grid>
          )}
        </WizardStepForm>
      ) : (
        <WizardStepForm
          key={key}
          wizard={wizard}
          schema={agreementsStep}
          label={stepTitle('agreements')}
        >
          {(form) => (
            <>
              <CheckboxInput
                form={form}
                name="agreeServiceAgreement"
                label={
                  <Trans
                    t={t}
                    i18nKey="register.agreeServiceAgreement"
                    components={{ msa: <NewTabLink to="/masterServiceAgreement" /> }}
                  />
                }
              />
              <CheckboxInput
                form={form}
                name="agreePrivacyPolicy"
                label={
                  <Trans
                    t={t}
                    i18nKey="register.agreePrivacyPolicy"
                    components={{ privacy: <NewTabLink to="/privacyPolicy" /> }}
                  />
                }
              />
            </>
          )}
        </WizardStepForm>
      )}
    </WizardFrame>
  )
}

/**
 * The agreement links of the consent boxes: a new tab, so the half-filled wizard stays. Trans
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
