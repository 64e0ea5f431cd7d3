import { Text } from '@radix-ui/themes'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { useAction } from '../../components/action/useAction'
import { DialogCancel, DialogFrame } from '../../components/dialog/DialogFrame'
import { toast } from '../../components/feedback/toast'
import { FormShell, useZodForm } from '../../components/form'
import { MoneyInput } from '../../domain/MoneyInput'
import { formatMoney } from '../../lib/money'
import { groupTopUp, groupWithdraw } from '../../resources/cardGroupOps'
import { amountText } from '../../resources/money'

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
  // The request id of each attempt is the hook's (kept for retries, new after a refusal).
  const write = useAction(p.op === 'top-up' ? groupTopUp : groupWithdraw)
  const form = useZodForm({
    schema: z.object({ amount: amountText(p.group.currency) }),
    initial: { amount: '' },
    submit: async ({ amount }) => {
      await write.mutateAsync({ id: p.group.id, amount })
      toast.success(t(p.op === 'top-up' ? 'cards:group.toppedUp' : 'cards:group.withdrawn'))
      p.onDone()
    },
  })
  return (
    <FormShell form={form} label={p.title} extra={<DialogCancel />}>
      <MoneyInput
        form={form}
        name="amount"
        label={t('cards:group.amount')}
        currency={p.group.currency}
        autoFocus
        required
      />
    </FormShell>
  )
}
