import { Button, Callout, Flex, Text } from '@radix-ui/themes'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useMemo, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { call } from '../../api/client'
import { useAction } from '../../components/action/useAction'
import { toast } from '../../components/feedback/toast'
import { FormShell, SelectInput, TextAreaInput, useZodForm } from '../../components/form'
import { useScreenButtons } from '../../components/permissions/useButtons'
import { ViewOnlyNotice } from '../../components/permissions/ViewOnlyNotice'
import { formatMoney } from '../../lib/money'
import { MoneyInput } from '../../domain/MoneyInput'
import { minorOf, transferFormSchema } from '../../lib/transferForm'
import { transfer } from '../../resources/transfers'
import { transferBalancesQuery, type Balance, type Quote } from './api'

interface Props {
  /** Preselected source balance (the balance list's row action). */
  fromAccountId?: number
  /** After a transfer went through (a dialog closes). */
  onDone?: () => void
  /** Beside submit: a dialog's Cancel. */
  extra?: ReactNode
}

// Typed as the one key it formats: `ReturnType<typeof useTranslation>['t']` grows with every
// message file and hits TypeScript's instantiation depth limit.
type BalanceOptionT = (
  key: 'transfers:transfer.balanceOption',
  values: { owner: string; currency: string; available: string },
) => string

const optionLabel = (b: Balance, t: BalanceOptionT) =>
  t('transfers:transfer.balanceOption', {
    owner: b.merchantName,
    currency: b.currency,
    available: formatMoney(b.available, b.currency),
  })

/** Seconds until `iso`, never below zero, ticking every second while shown. */
function useSecondsLeft(iso: string | undefined): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (!iso) return
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [iso])
  return iso ? Math.max(0, Math.ceil((new Date(iso).getTime() - now) / 1000)) : 0
}

/**
 * A transfer between two balances in the caller's reach. Same currency: sent at once. Across
 * currencies: a quote is asked first and shown (rate, both amounts, the seconds it is held);
 * the transfer goes only when the user confirms it.
 */
export function TransferForm({ fromAccountId, onDone, extra }: Props) {
  const { t } = useTranslation(['transfers', 'common'])
  const allowed = useScreenButtons('accounts-transfer', ['transfer']).can('transfer')
  const balances = useQuery(transferBalancesQuery())
  const byId = useMemo(
    () => new Map((balances.data ?? []).map((b) => [String(b.accountId), b])),
    [balances.data],
  )
  const [quote, setQuote] = useState<Quote | null>(null)
  const secondsLeft = useSecondsLeft(quote?.expiresAt)
  const schema = useMemo(() => transferFormSchema((id) => byId.get(id)?.currency), [byId])

  // One request id per attempt, and every balance on screen refreshed after (the action's).
  const send = useAction(transfer)

  const done = async (entry: Awaited<ReturnType<typeof send.mutateAsync>>) => {
    const from = byId.get(String(entry.fromAccountId))!
    const to = byId.get(String(entry.toAccountId))!
    toast.success(
      t('transfers:transfer.done', {
        amount: formatMoney(entry.amount, entry.currency),
        from: `${from.merchantName} ${from.currency}`,
        fromBalance: formatMoney(entry.fromBalanceAfter, from.currency),
        to: `${to.merchantName} ${to.currency}`,
        toBalance: formatMoney(entry.toBalanceAfter, to.currency),
      }),
    )
    setQuote(null)
    form.reset({ from: '', to: '', amount: '', remark: '' })
    onDone?.()
  }

  const form = useZodForm({
    schema,
    initial: { from: fromAccountId ? String(fromAccountId) : '', to: '', amount: '', remark: '' },
    submit: async (v) => {
      const from = byId.get(v.from)!
      const to = byId.get(v.to)!
      const amount = minorOf(v.amount, from.currency)
      const base = { fromAccountId: from.accountId, toAccountId: to.accountId, amount }
      if (from.currency === to.currency) {
        const entry = await send.mutateAsync({
          ...base,
          currency: from.currency,
          remark: v.remark || undefined,
        })
        await done(entry)
        return
      }
      setQuote(await call('/accounts/fx/quote', base))
    },
  })
  const values = form.rhf.watch()
  // A quote is for the values it was asked with: any change asks for a new one.
  useEffect(() => setQuote(null), [values.from, values.to, values.amount])

  const confirm = async () => {
    if (!quote) return
    try {
      const from = byId.get(values.from)!
      const entry = await send.mutateAsync({
        fromAccountId: from.accountId,
        toAccountId: Number(values.to),
        amount: quote.fromAmount,
        currency: quote.fromCurrency,
        quoteId: quote.quoteId,
        remark: values.remark || undefined,
      })
      await done(entry)
    } catch (e) {
      toast.error(e instanceof Error ? e.message : t('transfers:transfer.requestError'))
    }
  }

  const options = (balances.data ?? []).map((b) => ({
    value: String(b.accountId),
    label: optionLabel(b, t as BalanceOptionT),
  }))
  const source = byId.get(values.from)
  const target = byId.get(values.to)
  const crossCurrency = !!source && !!target && source.currency !== target.currency
  if (balances.isSuccess && options.length < 2) {
    return <Text color="gray">{t('transfers:transfer.noBalances')}</Text>
  }
  return (
    <Flex direction="column" gap="4">
      {allowed ? null : <ViewOnlyNotice />}
      <FormShell
        form={form}
        label={t('transfers:transfer.title')}
        readOnly={!allowed}
        extra={extra}
        submitLabel={
          crossCurrency ? t('transfers:transfer.getQuote') : t('transfers:transfer.submit')
        }
      >
        <SelectInput
          form={form}
          name="from"
          label={t('transfers:transfer.from')}
          options={options}
          placeholder={t('transfers:transfer.choose')}
          required
        />
        <SelectInput
          form={form}
          name="to"
          label={t('transfers:transfer.to')}
          options={options.filter((o) => o.value !== values.from)}
          placeholder={t('transfers:transfer.choose')}
          required
        />
        <MoneyInput
          form={form}
          name="amount"
          label={t('transfers:amount')}
          hint={
            source ? t('transfers:transfer.amountHint', { currency: source.currency }) : undefined
          }
          required
        />
        <TextAreaInput form={form} name="remark" label={t('transfers:remark')} maxLength={100} />
      </FormShell>
      {quote ? (
        <Callout.Root color={secondsLeft > 0 ? 'blue' : 'amber'} data-testid="fx-quote">
          <Callout.Text>
            <Flex direction="column" gap="2">
              <Text weight="bold">{t('transfers:transfer.quoteTitle')}</Text>
              <Text>
                {t('transfers:transfer.quoteRate', {
                  from: quote.fromCurrency,
                  to: quote.toCurrency,
                  rate: quote.rate,
                  spread: (quote.spreadBps / 100).toFixed(2),
                })}
              </Text>
              <Text>
                {t('transfers:transfer.quoteAmounts', {
                  from: formatMoney(quote.fromAmount, quote.fromCurrency),
                  to: formatMoney(quote.toAmount, quote.toCurrency),
                })}
              </Text>
              <Text role="timer" aria-live="off">
                {secondsLeft > 0
                  ? t('transfers:transfer.quoteExpires', { seconds: secondsLeft })
                  : t('transfers:transfer.quoteExpired')}
              </Text>
              <Flex gap="2">
                <Button
                  onClick={() => void confirm()}
                  disabled={send.isPending || secondsLeft === 0}
                >
                  {t('transfers:transfer.confirmQuote')}
                </Button>
                <Button variant="soft" onClick={() => form.onSubmit()}>
                  {t('transfers:transfer.newQuote')}
                </Button>
              </Flex>
            </Flex>
          </Callout.Text>
        </Callout.Root>
      ) : null}
    </Flex>
  )
}
