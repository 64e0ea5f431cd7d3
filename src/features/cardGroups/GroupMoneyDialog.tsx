import { Text } from '@radix-ui/themes'
import { useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { ApiError } from '../../api/client'
import { DialogCancel, DialogFrame } from '../../components/dialog/DialogFrame'
import { toast } from '../../components/feedback/toast'
import { FormShell, TextInput, useZodForm } from '../../components/form'
import { formatMoney } from '../../lib/money'
import { amountIn, newRequestId, useGroupWrite } from './resource'

export type MoneyOp = 'top-up' | 'withdraw'

interface Group {
  id: number
  name: string
  currency: string
  available: number
}

/** Top-up of a group's pool from the merchant balance, or withdrawal back to it. */
export function GroupMoneyDialog(p: {
  group: Group | null
  op: MoneyOp | null
  onClose: () => void
}) {
  const { t } = useTranslation(['cards'])
  const open = !!p.group && !!p.op
  const title = p.op === 'withdraw' ? t('cards:group.withdraw') : t('cards:group.topUp')
  return (
    <DialogFrame open={open} onClose={p.onClose} title={title} maxWidth="480px" cancelInContent>
      {p.group && p.op && (
        <>
          <Text as="p" size="2" color="gray" mb="3">
            {p.group.name} · {t('cards:group.available')}{' '}
            {formatMoney(p.group.available, p.group.currency)}
          </Text>
          <MoneyForm group={p.group} op={p.op} title={title} onDone={p.onClose} />
        </>
      )}
    </DialogFrame>
  )
}

function MoneyForm(p: { group: Group; op: MoneyOp; title: string; onDone: () => void }) {
  const { t } = useTranslation(['cards'])
  const write = useGroupWrite(p.op === 'top-up' ? '/card-group/top-up' : '/card-group/withdraw')
  // One request id per dialog, kept for retries; a refusal moved nothing, so the next try is new.
  const requestId = useRef(newRequestId())
  const form = useZodForm({
    schema: z.object({ amount: amountIn(p.group.currency) }),
    initial: { amount: '' },
    submit: async ({ amount }) => {
      try {
        await write.mutateAsync({ id: p.group.id, amount, requestId: requestId.current })
      } catch (e) {
        if (e instanceof ApiError && e.status === 422) requestId.current = newRequestId()
        throw e
      }
      toast.success(t(p.op === 'top-up' ? 'cards:group.toppedUp' : 'cards:group.withdrawn'))
      p.onDone()
    },
  })
  return (
    <FormShell form={form} label={p.title} extra={<DialogCancel />}>
      <TextInput
        form={form}
        name="amount"
        label={`${t('cards:group.amount')} (${p.group.currency})`}
        autoFocus
        required
      />
    </FormShell>
  )
}
