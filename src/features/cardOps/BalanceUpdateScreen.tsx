import { useQueryClient } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { readUser } from '../../api/storage'
import { z } from 'zod'
import { DialogCancel, DialogFrame } from '../../components/dialog/DialogFrame'
import { useAction } from '../../components/action/useAction'
import { toast } from '../../components/feedback/toast'
import { FormShell, SelectInput, TextAreaInput, TextInput, useZodForm } from '../../components/form'
import { ListLayout, type ListAction } from '../../components/list'
import { useResourceList } from '../../components/resource/useResourceList'
import { text } from '../../lib/validators'
import { cardBalanceUpdate } from '../../resources/cardOps'
import { balanceUpdates, type CardRequestRow } from '../../resources/cardRequests'
import { balanceUpdateResource } from './api'
import { CardPickerInput } from '../../domain/CardPicker'
import { useRequestColumns } from './requestColumns'
import { ReviewDialog } from './ReviewDialog'
import { reviewRefusal } from './reviewRefusal'

const route = getRouteApi('/main/cards-transactions-update-balance')

const requestForm = z.object({
  // The card picker's value: the chosen card's id.
  cardId: z.string().regex(/^[1-9][0-9]{0,9}$/, { message: 'validation:required' }),
  sign: z.enum(['+', '-']),
  amount: z
    .string()
    .trim()
    .regex(/^[1-9][0-9]{0,14}$/, { message: 'validation:number' }),
  note: text(500),
})

/**
 * cards-transactions-update-balance: an administrator's correction of a card's balance (sign,
 * amount in minor units, reason), then another person's review. The list shows every request.
 */
export function BalanceUpdateScreen() {
  const { t } = useTranslation(['cardOps', 'refusals', 'common'])
  const [asking, setAsking] = useState(false)
  const [reviewing, setReviewing] = useState<CardRequestRow | null>(null)
  const screen = useResourceList({ client: balanceUpdateResource, search: route.useSearch() })
  const queryClient = useQueryClient()
  const invalidate = () =>
    queryClient.invalidateQueries({ queryKey: [balanceUpdateResource.def.api] })
  const actions = useMemo<ListAction<CardRequestRow>[]>(
    () => [
      {
        id: 'request',
        label: t('cardOps:request'),
        shortcut: 'listNew',
        denied: !screen.perms.can('request'),
        run: () => setAsking(true),
      },
      {
        id: 'review',
        label: t('cardOps:review'),
        needs: 'one',
        denied: !screen.perms.can('review'),
        refuses: (r) => reviewRefusal(r, readUser()?.userName, t),
        run: ([row]) => setReviewing(row),
      },
      ...screen.actions.filter((a) => a.id === 'export'),
    ],
    [t, screen.perms, screen.actions],
  )
  const columns = useRequestColumns(balanceUpdates)
  return (
    <>
      <ListLayout
        {...screen.layout}
        actions={actions}
        viewOnly={screen.perms.viewOnly}
        columns={columns}
        rowLabel={(r) => r.cardNumber}
      />
      {screen.exportDialog}
      <DialogFrame
        open={asking}
        onClose={() => setAsking(false)}
        title={t('cardOps:request')}
        cancelInContent
      >
        {asking && (
          // The action's `changes` refresh the request list after it.
          <RequestForm onDone={() => setAsking(false)} />
        )}
      </DialogFrame>
      <ReviewDialog
        row={reviewing}
        path="/card-ops/balance-updates/review"
        onClose={() => setReviewing(null)}
        onDone={() => {
          setReviewing(null)
          void invalidate()
        }}
      />
    </>
  )
}

function RequestForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation(['cardOps'])
  const request = useAction(cardBalanceUpdate)
  const form = useZodForm({
    schema: requestForm,
    initial: { cardId: '', sign: '+', amount: '', note: '' },
    submit: async (v) => {
      await request.mutateAsync({
        cardId: Number(v.cardId),
        sign: v.sign,
        amount: Number(v.amount),
        note: v.note,
      })
      toast.success(t('cardOps:balanceUpdateRequested'))
      onDone()
    },
  })
  return (
    <FormShell
      form={form}
      label={t('cardOps:request')}
      submitLabel={t('cardOps:submit')}
      extra={<DialogCancel />}
    >
      <CardPickerInput form={form} name="cardId" label={t('cardOps:card')} required />
      <SelectInput
        form={form}
        name="sign"
        label={t('cardOps:sign')}
        options={[
          { value: '+', label: '+' },
          { value: '-', label: '−' },
        ]}
        required
      />
      <TextInput
        form={form}
        name="amount"
        label={t('cardOps:amount')}
        hint={t('cardOps:minorUnits')}
        required
      />
      <TextAreaInput form={form} name="note" label={t('cardOps:reason')} required />
    </FormShell>
  )
}
