import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { useAction } from '../../components/action/useAction'
import { toast } from '../../components/feedback/toast'
import { SelectInput, TextAreaInput, useZodForm } from '../../components/form'
import { MoneyInput } from '../../domain/MoneyInput'
import { useScreenButtons } from '../../components/permissions/useButtons'
import { ResourceFormPage } from '../../components/resource/ResourceForm'
import { parseMoney } from '../../lib/money'
import { textarea } from '../../lib/validators'
import { accountAdjust } from '../../resources/accountRequests'
import { amountRule, moneyFields } from './DeclareScreen'
import { CURRENCIES } from './options'
import { CurrencyPicker, MerchantPicker } from '../../domain/pickers'
import { useRequestForm } from './useRequestForm'

const adjustForm = z
  .object({
    merchantId: z.string().min(1),
    sign: z.enum(['+', '-']),
    ...moneyFields,
    reason: textarea().pipe(z.string().min(1)),
  })
  .superRefine(amountRule)

/**
 * accounts-transactions-update-balance: an administrator's manual adjustment (+ or −). It waits
 * for review like the rest; a − is held at once and refused beyond the available balance.
 */
export function UpdateBalanceScreen() {
  const { t } = useTranslation(['accounts', 'common', 'menu'])
  const perms = useScreenButtons('accounts-transactions', ['update-balance'])
  const { back, done } = useRequestForm('menu:accounts-transactions-update-balance')
  const adjust = useAction(accountAdjust)
  const form = useZodForm({
    schema: adjustForm,
    initial: { merchantId: '', sign: '+', currency: 'USD', amount: '', reason: '' },
    submit: async (v) => {
      await adjust.mutateAsync({
        merchantId: Number(v.merchantId),
        sign: v.sign,
        currency: v.currency,
        amount: parseMoney(v.amount, v.currency)!,
        reason: v.reason,
      })
      toast.success(t('accounts:adjustmentSubmitted'))
      await done()
    },
  })
  const currency = form.rhf.watch('currency')
  const allowed = perms.can('update-balance')
  return (
    <ResourceFormPage
      screen={{ form, perms, allowed, back, title: t('accounts:updateBalanceTitle') }}
    >
      <MerchantPicker form={form} name="merchantId" label={t('accounts:merchant')} required />
      <CurrencyPicker
        form={form}
        name="currency"
        label={t('accounts:currency')}
        only={CURRENCIES}
        required
      />
      <SelectInput
        form={form}
        name="sign"
        label={t('accounts:sign')}
        options={[
          { value: '+', label: t('accounts:credit') },
          { value: '-', label: t('accounts:debit') },
        ]}
        required
      />
      <MoneyInput
        form={form}
        name="amount"
        label={t('accounts:amount')}
        hint={t('accounts:minorHint', { currency })}
        required
      />
      <TextAreaInput form={form} name="reason" label={t('accounts:reason')} required />
    </ResourceFormPage>
  )
}
