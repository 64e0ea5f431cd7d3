import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { useAction } from '../../components/action/useAction'
import { toast } from '../../components/feedback/toast'
import { SelectInput, TextAreaInput, TextInput, useZodForm } from '../../components/form'
import { useScreenButtons } from '../../components/permissions/useButtons'
import { ResourceFormPage } from '../../components/resource/ResourceForm'
import { MoneyInput } from '../../domain/MoneyInput'
import { parseMoney } from '../../lib/money'
import { optionalText, textarea } from '../../lib/validators'
import { accountDeclare } from '../../resources/accountRequests'
import { checkAmount } from '../../resources/money'
import { currencyOptions, useMerchantOptions } from './options'
import { ProofInput, type ProofFile } from './ProofInput'
import { useRequestForm } from './useRequestForm'

/** The amount as typed (`1,234.56`), read in the chosen currency with the money input's rules. */
export const moneyFields = {
  currency: z.string().min(1),
  amount: z.string(),
}
export const amountRule = (v: { amount: string; currency: string }, ctx: z.RefinementCtx) =>
  checkAmount(ctx, v.amount, v.currency, 'amount')

const declareForm = z
  .object({
    merchantId: z.string().min(1),
    kind: z.enum(['deposit', 'withdrawal']),
    ...moneyFields,
    reference: optionalText(),
    beneficiary: optionalText(200),
    remark: textarea(),
  })
  .superRefine(amountRule)
  .refine((v) => v.kind !== 'deposit' || v.reference.length > 0, {
    message: 'validation:required',
    path: ['reference'],
  })
  .refine((v) => v.kind !== 'withdrawal' || v.beneficiary.length > 0, {
    message: 'validation:required',
    path: ['beneficiary'],
  })

/**
 * accounts-transactions-save: a merchant declares a deposit it wired (reference and proof) or
 * asks for a withdrawal to its bank account. Both wait for review; a withdrawal is held at once.
 */
export function DeclareScreen() {
  const { t } = useTranslation(['accounts', 'common', 'menu'])
  const perms = useScreenButtons('accounts-transactions', ['add'])
  const merchants = useMerchantOptions()
  const { back, done } = useRequestForm('menu:accounts-transactions-save')
  const [proof, setProof] = useState<ProofFile>()
  const declare = useAction(accountDeclare)
  const form = useZodForm({
    schema: declareForm,
    initial: {
      merchantId: '',
      kind: 'deposit',
      currency: 'USD',
      amount: '',
      reference: '',
      beneficiary: '',
      remark: '',
    },
    submit: async (v) => {
      await declare.mutateAsync({
        merchantId: Number(v.merchantId),
        kind: v.kind,
        currency: v.currency,
        amount: parseMoney(v.amount, v.currency)!,
        reference: v.reference,
        beneficiary: v.beneficiary,
        remark: v.remark,
        ...(v.kind === 'deposit' && proof ? { proof } : {}),
      })
      toast.success(t('accounts:declared'))
      await done()
    },
  })
  // A merchant user reaches one merchant: it is chosen for them.
  const only = merchants.length === 1 ? merchants[0].value : ''
  useEffect(() => {
    if (only && !form.rhf.getValues('merchantId')) form.rhf.setValue('merchantId', only)
  }, [only, form.rhf])
  const kind = form.rhf.watch('kind')
  const currency = form.rhf.watch('currency')
  const allowed = perms.can('add')
  return (
    <ResourceFormPage screen={{ form, perms, allowed, back, title: t('accounts:declareTitle') }}>
      <SelectInput
        form={form}
        name="merchantId"
        label={t('accounts:merchant')}
        options={merchants}
        required
      />
      <SelectInput
        form={form}
        name="kind"
        label={t('accounts:kind')}
        options={[
          { value: 'deposit', label: t('accounts:types.deposit') },
          { value: 'withdrawal', label: t('accounts:types.withdrawal') },
        ]}
        required
      />
      <SelectInput
        form={form}
        name="currency"
        label={t('accounts:currency')}
        options={currencyOptions}
        required
      />
      <MoneyInput
        form={form}
        name="amount"
        label={t('accounts:amount')}
        hint={t('accounts:minorHint', { currency })}
        required
        autoFocus
      />
      {kind === 'deposit' ? (
        <>
          <TextInput form={form} name="reference" label={t('accounts:wireReference')} required />
          <ProofInput label={t('accounts:proof')} onChange={setProof} />
        </>
      ) : (
        <TextInput
          form={form}
          name="beneficiary"
          label={t('accounts:beneficiary')}
          required
          maxLength={200}
        />
      )}
      <TextAreaInput form={form} name="remark" label={t('accounts:remark')} />
    </ResourceFormPage>
  )
}
