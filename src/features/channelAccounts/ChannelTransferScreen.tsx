import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useMemo, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { call } from '../../api/client'
import { toast } from '../../components/feedback/toast'
import {
  FormPage,
  FormShell,
  SelectInput,
  TextAreaInput,
  TextInput,
  useZodForm,
} from '../../components/form'
import { useScreenButtons } from '../../components/permissions/useButtons'
import { ViewOnlyNotice } from '../../components/permissions/ViewOnlyNotice'
import { formatMoney } from '../../lib/money'
import { newRequestId } from '../../domain/requestId'
import { minorOf, transferFormSchema } from '../../lib/transferForm'

/** accounts-channel-transfer: an internal transfer between two of the platform's channel accounts. */
export function ChannelTransferScreen() {
  const { t } = useTranslation(['transfers', 'common'])
  const qc = useQueryClient()
  const allowed = useScreenButtons('accounts-channel', ['transfer']).can('transfer')
  const accounts = useQuery({
    queryKey: ['/accounts/channel', 'transfer-options'],
    queryFn: () => call('/accounts/channel/list', { pageNum: 1, pageSize: 200 }),
  })
  const byId = useMemo(
    () => new Map((accounts.data?.list ?? []).map((a) => [String(a.id), a])),
    [accounts.data],
  )
  const requestId = useRef(newRequestId())
  const schema = useMemo(() => transferFormSchema((id) => byId.get(id)?.currency), [byId])
  const send = useMutation({
    mutationFn: (body: Parameters<typeof call<'/accounts/channel/transfer'>>[1]) =>
      call('/accounts/channel/transfer', body),
    onSettled: () => qc.invalidateQueries({ queryKey: ['/accounts/channel'] }),
  })
  const form = useZodForm({
    schema,
    initial: { from: '', to: '', amount: '', remark: '' },
    submit: async (v) => {
      const from = byId.get(v.from)!
      const entry = await send.mutateAsync({
        fromChannelAccountId: from.id,
        toChannelAccountId: Number(v.to),
        amount: minorOf(v.amount, from.currency),
        remark: v.remark || undefined,
        requestId: requestId.current,
      })
      toast.success(
        t('transfers:channel.transferDone', { amount: formatMoney(entry.amount, entry.currency) }),
      )
      requestId.current = newRequestId()
      form.reset({ from: '', to: '', amount: '', remark: '' })
    },
  })
  const from = form.rhf.watch('from')
  const source = byId.get(from)
  const options = [...byId.values()].map((a) => ({
    value: String(a.id),
    label: t('transfers:channel.accountOption', {
      channel: a.channelName,
      currency: a.currency,
      bank: a.bankName,
      balance: formatMoney(a.balance, a.currency),
    }),
  }))
  const title = t('transfers:channel.transferTitle')
  return (
    <FormPage title={title}>
      {allowed ? null : <ViewOnlyNotice />}
      <FormShell
        form={form}
        label={title}
        readOnly={!allowed}
        submitLabel={t('transfers:transfer.submit')}
      >
        <SelectInput
          form={form}
          name="from"
          label={t('transfers:channel.fromAccount')}
          options={options}
          placeholder={t('transfers:transfer.choose')}
          required
        />
        <SelectInput
          form={form}
          name="to"
          label={t('transfers:channel.toAccount')}
          // Same currency only: the ledger moves a channel's money without conversion.
          options={options.filter(
            (o) => o.value !== from && (!source || byId.get(o.value)?.currency === source.currency),
          )}
          placeholder={t('transfers:transfer.choose')}
          required
        />
        <TextInput
          form={form}
          name="amount"
          label={t('transfers:amount')}
          hint={
            source ? t('transfers:transfer.amountHint', { currency: source.currency }) : undefined
          }
          maxLength={24}
          required
        />
        <TextAreaInput form={form} name="remark" label={t('transfers:remark')} maxLength={100} />
      </FormShell>
    </FormPage>
  )
}
