import { Text } from '@radix-ui/themes'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useEffect, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { call } from '../../api/client'
import { toast } from '../../components/feedback/toast'
import { SelectInput, TextInput, useZodForm, type Option } from '../../components/form'
import { lastListSearch, useFormTab } from '../../components/list'
import { useScreenButtons } from '../../components/permissions/useButtons'
import { ResourceFormPage } from '../../components/resource/ResourceForm'
import { formatMoney, parseMoney } from '../../lib/money'
import { MoneyInput } from '../../domain/MoneyInput'
import { newRequestId } from '../../domain/requestId'
import { optionalText } from '../../lib/validators'
import { MAX_CARDS_PER_REQUEST, MAX_VALIDITY_DAYS } from '../../resources/cards'
import { optionalAmountText } from '../../resources/money'
import { createOptionsQuery, useMerchantOptions } from './resource'

const whole = (min: number, max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .regex(/^[0-9]+$/, { message: 'validation:number' })
    .refine((v) => Number(v) >= min && Number(v) <= max, { message: 'validation:format' })

/** The form; `currency` is the chosen BIN's, read when the form is checked. */
const createForm = (currency: () => string) =>
  z.object({
    merchantId: z.string().min(1),
    cardBinId: z.string().min(1),
    cardholderId: z.string().min(1),
    alias: optionalText(),
    usageType: z.string().min(1),
    validityDays: whole(1, MAX_VALIDITY_DAYS),
    // As typed (`1,000.00`), read in the BIN's currency with the money input's rules (the
    // currency follows the BIN); '': no initial top-up.
    initialAmount: optionalAmountText(currency),
    quantity: whole(1, MAX_CARDS_PER_REQUEST),
  })

function useUsageTypes(): Option[] {
  const { data = [] } = useQuery({
    queryKey: ['filter-options', 'dict', 'card_usage_type'],
    queryFn: async (): Promise<Option[]> =>
      ((await call('/dict/query', { codes: ['card_usage_type'] })).card_usage_type ?? []).map(
        (o) => ({ value: o.code, label: o.name }),
      ),
    staleTime: 60_000,
  })
  return data
}

/**
 * cards-balance-create-card: 1–100 cards with the same settings for one merchant. The server
 * checks everything again; the initial top-ups are held on the merchant's balance until the
 * channel answers, and the list shows each card turn active (or failed) as it does.
 */
export function CardCreateScreen() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const qc = useQueryClient()
  const perms = useScreenButtons('cards-balance', ['add'])
  const merchants = useMerchantOptions()
  const usageTypes = useUsageTypes()
  const closeAfterSave = useFormTab('menu:cards-balance-create-card', 'cards-balance')
  // One key per form: a retried submit (a lost answer) cannot make the cards twice.
  const [requestId, setRequestId] = useState(newRequestId)
  const back = () =>
    navigate({ to: '/main/cards-balance', search: lastListSearch('cards-balance') } as never)

  const binCurrency = useRef('USD')
  const schema = useMemo(() => createForm(() => binCurrency.current), [])
  const form = useZodForm({
    schema,
    initial: {
      merchantId: '',
      cardBinId: '',
      cardholderId: '',
      alias: '',
      usageType: '',
      validityDays: '365',
      initialAmount: '',
      quantity: '1',
    },
    submit: async (v) => {
      const amount = v.initialAmount ?? 0
      const res = await call('/card/create', {
        merchantId: Number(v.merchantId),
        cardBinId: Number(v.cardBinId),
        cardholderId: Number(v.cardholderId),
        alias: v.alias,
        usageType: v.usageType,
        validityDays: Number(v.validityDays),
        initialAmount: amount,
        quantity: Number(v.quantity),
        requestId,
      })
      setRequestId(newRequestId())
      toast.success(t('cards:cardList.create.created', { count: res.cards.length }))
      await qc.invalidateQueries({ queryKey: ['/card'] })
      await closeAfterSave(back)
    },
  })
  const merchantId = form.rhf.watch('merchantId')
  const cardBinId = form.rhf.watch('cardBinId')
  const quantity = Number(form.rhf.watch('quantity')) || 0
  const amountText = form.rhf.watch('initialAmount')
  const options = useQuery({
    ...createOptionsQuery(Number(merchantId)),
    enabled: !!merchantId,
  })

  // A merchant user reaches one merchant: it is chosen for them.
  const only = merchants.length === 1 ? merchants[0].value : ''
  useEffect(() => {
    if (only && !form.rhf.getValues('merchantId')) form.rhf.setValue('merchantId', only)
  }, [only, form.rhf])
  // The merchant's default cardholder and its first BIN, preselected.
  useEffect(() => {
    const data = options.data
    if (!data) return
    const holder = data.cardholders.find((h) => h.isDefault) ?? data.cardholders[0]
    form.rhf.setValue('cardholderId', holder ? String(holder.id) : '')
    form.rhf.setValue('cardBinId', data.bins[0] ? String(data.bins[0].id) : '')
    const days = form.rhf.getValues('validityDays')
    if (Number(days) < data.minValidityDays) {
      form.rhf.setValue('validityDays', String(data.minValidityDays))
    }
  }, [options.data, form.rhf])
  useEffect(() => {
    if (usageTypes[0] && !form.rhf.getValues('usageType')) {
      form.rhf.setValue('usageType', usageTypes[0].value)
    }
  }, [usageTypes, form.rhf])

  const data = options.data
  const bin = data?.bins.find((b) => String(b.id) === cardBinId)
  const currency = bin?.currency ?? 'USD'
  binCurrency.current = currency
  const balance = data?.balances.find((b) => b.currency === currency)
  const amount = amountText ? (parseMoney(amountText, currency) ?? 0) : 0
  const allowed = perms.can('add')
  return (
    <ResourceFormPage
      screen={{ form, perms, allowed, back, title: t('cards:cardList.create.title') }}
    >
      <SelectInput
        form={form}
        name="merchantId"
        label={t('cards:cardList.create.merchant')}
        options={merchants}
        required
      />
      <SelectInput
        form={form}
        name="cardBinId"
        label={t('cards:cardList.create.bin')}
        options={(data?.bins ?? []).map((b) => ({
          value: String(b.id),
          label: `${b.bin} · ${b.currency} · ${b.scheme}`,
        }))}
        placeholder={!merchantId ? t('cards:cardList.create.chooseMerchant') : undefined}
        emptyReason={data ? t('cards:cardList.create.noBins') : undefined}
        required
      />
      <SelectInput
        form={form}
        name="cardholderId"
        label={t('cards:cardList.create.cardholder')}
        options={(data?.cardholders ?? []).map((h) => ({ value: String(h.id), label: h.name }))}
        emptyReason={data ? t('cards:cardList.create.noCardholders') : undefined}
        required
      />
      <TextInput form={form} name="alias" label={t('cards:cardList.create.alias')} autoFocus />
      <SelectInput
        form={form}
        name="usageType"
        label={t('cards:cardList.create.usageType')}
        options={usageTypes}
        required
      />
      <TextInput
        form={form}
        name="validityDays"
        label={t('cards:cardList.create.validityDays')}
        hint={t('cards:cardList.create.validityHint', { days: data?.minValidityDays ?? 0 })}
        required
      />
      <MoneyInput
        form={form}
        name="initialAmount"
        label={t('cards:cardList.create.initialAmount')}
        currency={currency}
        hint={
          data && data.minTopUp > 0
            ? t('cards:cardList.create.topUpHint', { min: formatMoney(data.minTopUp, currency) })
            : t('cards:cardList.create.noMinimum')
        }
      />
      <TextInput
        form={form}
        name="quantity"
        label={t('cards:cardList.create.quantity')}
        hint={t('cards:cardList.create.quantityHint')}
        required
      />
      {balance ? (
        <Text size="2" color="gray">
          {t('cards:cardList.create.available', {
            amount: formatMoney(balance.available, currency),
          })}
          {amount > 0 && quantity > 0
            ? ` · ${t('cards:cardList.create.total', { amount: formatMoney(amount * quantity, currency) })}`
            : ''}
        </Text>
      ) : null}
    </ResourceFormPage>
  )
}
