import { Button, Dialog, Flex, Text } from '@radix-ui/themes'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { ApiError, call } from '../../api/client'
import { toast } from '../../components/feedback/toast'
import { FormShell, SelectInput, TextAreaInput, TextInput, useZodForm } from '../../components/form'
import { formatMoney } from '../../lib/money'
import { text, textarea } from '../../lib/validators'
import { amountIn, groupBy4, limitIn, newRequestId, reasonQuery } from './api'
import type { Card as CardSummary, CardOp } from './cardActions'

interface Props {
  card: CardSummary | null
  op: CardOp | null
  onClose: () => void
  /** After a change: the list or detail refreshes what it shows. */
  onDone?: () => void
}

/** One dialog for every operation on a card; the toolbar or palette names which. */
export function CardOpDialog({ card, op, onClose, onDone }: Props) {
  const { t } = useTranslation(['cardOps'])
  const open = !!card && !!op
  const title = op ? t(`cardOps:${op}`) : ''
  const done = () => {
    onDone?.()
    onClose()
  }
  return (
    <Dialog.Root open={open} onOpenChange={(o) => !o && onClose()}>
      <Dialog.Content maxWidth="520px" aria-describedby={undefined}>
        <Dialog.Title>{title}</Dialog.Title>
        {card && card.maskedNumber && (
          <Text as="p" size="2" color="gray" mb="3">
            {t('cardOps:card')} {card.maskedNumber}
          </Text>
        )}
        {card && (op === 'topUp' || op === 'withdraw') && (
          <MoneyForm card={card} op={op} onDone={done} />
        )}
        {card && op === 'updateLimit' && <LimitForm card={card} onDone={done} />}
        {card && (op === 'freeze' || op === 'unfreeze' || op === 'cancel') && (
          <ReasonForm card={card} op={op} onDone={done} />
        )}
        {card && op === 'reveal' && <Reveal card={card} />}
      </Dialog.Content>
    </Dialog.Root>
  )
}

/** Top up or withdraw: one request id per dialog, kept for retries, new after a refusal. */
function MoneyForm({
  card,
  op,
  onDone,
}: {
  card: CardSummary
  op: 'topUp' | 'withdraw'
  onDone: () => void
}) {
  const { t } = useTranslation(['cardOps'])
  const requestId = useRef(newRequestId())
  const form = useZodForm({
    schema: z.object({ amount: amountIn(card.currency) }),
    initial: { amount: '' },
    submit: async ({ amount }) => {
      try {
        await call(op === 'topUp' ? '/card-ops/top-up' : '/card-ops/withdraw', {
          id: card.id,
          amount,
          requestId: requestId.current,
        })
      } catch (e) {
        // A refusal moved nothing: the next try is a new request.
        if (e instanceof ApiError && e.status === 422) requestId.current = newRequestId()
        throw e
      }
      toast.success(t(op === 'topUp' ? 'cardOps:topUpDone' : 'cardOps:withdrawDone'))
      onDone()
    },
  })
  return (
    <FormShell form={form} label={t(`cardOps:${op}`)} submitLabel={t('cardOps:submit')}>
      <TextInput
        form={form}
        name="amount"
        label={`${t('cardOps:amount')} (${card.currency})`}
        autoFocus
        required
      />
    </FormShell>
  )
}

const asText = (minor: number | null | undefined, currency: string) =>
  minor == null ? '' : formatMoney(minor, currency).replace(/[^0-9.]/g, '')

function LimitForm({ card, onDone }: { card: CardSummary; onDone: () => void }) {
  const { t } = useTranslation(['cardOps'])
  const limit = limitIn(card.currency)
  const form = useZodForm({
    schema: z.object({ perTransaction: limit, daily: limit, monthly: limit, lifetime: limit }),
    initial: {
      perTransaction: asText(card.limitPerTransaction, card.currency),
      daily: asText(card.limitDaily, card.currency),
      monthly: asText(card.limitMonthly, card.currency),
      lifetime: asText(card.limitLifetime, card.currency),
    },
    submit: async (v) => {
      await call('/card-ops/limits', { id: card.id, ...v })
      toast.success(t('cardOps:limitDone'))
      onDone()
    },
  })
  return (
    <FormShell form={form} label={t('cardOps:updateLimit')} submitLabel={t('cardOps:submit')}>
      {(['perTransaction', 'daily', 'monthly', 'lifetime'] as const).map((name, i) => (
        <TextInput
          key={name}
          form={form}
          name={name}
          label={`${t(`cardOps:${name}`)} (${card.currency})`}
          hint={t('cardOps:noLimit')}
          autoFocus={i === 0}
        />
      ))}
    </FormShell>
  )
}

const PATHS = {
  freeze: '/card-ops/freeze',
  unfreeze: '/card-ops/unfreeze',
  cancel: '/card-ops/cancel',
} as const
const DONE = {
  freeze: 'cardOps:blockSuccess',
  unfreeze: 'cardOps:unblockSuccess',
  cancel: 'cardOps:cancelRequested',
} as const

/** Freeze, unfreeze or ask for a cancellation: a reason code and a note. */
function ReasonForm({
  card,
  op,
  onDone,
}: {
  card: CardSummary
  op: 'freeze' | 'unfreeze' | 'cancel'
  onDone: () => void
}) {
  const { t } = useTranslation(['cardOps'])
  const reasons = useQuery(reasonQuery())
  const form = useZodForm({
    schema: z.object({ reasonCode: z.string().min(1), note: textarea() }),
    initial: { reasonCode: '', note: '' },
    submit: async (v) => {
      await call(PATHS[op], { id: card.id, ...v })
      toast.success(t(DONE[op]))
      onDone()
    },
  })
  return (
    <FormShell form={form} label={t(`cardOps:${op}`)} submitLabel={t('cardOps:submit')}>
      <SelectInput
        form={form}
        name="reasonCode"
        label={t('cardOps:reason')}
        options={reasons.data ?? []}
        required
      />
      <TextAreaInput form={form} name="note" label={t('cardOps:note')} />
    </FormShell>
  )
}

/** How long a revealed number stays on screen. */
const REVEAL_SECONDS = 30

/**
 * Reveal (DESIGN §9): a reason first; the number grouped by 4 and the security code show for
 * REVEAL_SECONDS, then are dropped from memory. Nothing is cached or kept in the query cache.
 */
function Reveal({ card }: { card: CardSummary }) {
  const { t } = useTranslation(['cardOps'])
  const [shown, setShown] = useState<{ number: string; securityCode: string; expiry: string }>()
  const [left, setLeft] = useState(REVEAL_SECONDS)
  const queryClient = useQueryClient()
  const form = useZodForm({
    schema: z.object({ reason: text(200) }),
    initial: { reason: '' },
    submit: async ({ reason }) => {
      setShown(await call('/card-ops/reveal', { id: card.id, reason }))
      setLeft(REVEAL_SECONDS)
      // An audit row was written: a screen that lists it refreshes.
      void queryClient.invalidateQueries({ queryKey: ['audit'] })
    },
  })
  useEffect(() => {
    if (!shown) return
    if (left <= 0) {
      setShown(undefined)
      return
    }
    const timer = setTimeout(() => setLeft((s) => s - 1), 1000)
    return () => clearTimeout(timer)
  }, [shown, left])
  if (shown) {
    return (
      <Flex direction="column" gap="3">
        <Text
          size="6"
          weight="bold"
          data-testid="revealed-number"
          style={{ fontFamily: 'monospace' }}
        >
          {groupBy4(shown.number)}
        </Text>
        <Text>
          {t('cardOps:securityCode')}: <Text weight="bold">{shown.securityCode}</Text> ·{' '}
          {t('cardOps:expiry')}: {shown.expiry}
        </Text>
        <Text size="1" color="gray" role="timer">
          {t('cardOps:revealHides', { seconds: left })}
        </Text>
        <Flex gap="2">
          <Button
            autoFocus
            onClick={async () => {
              await navigator.clipboard.writeText(shown.number)
              toast.success(t('cardOps:copied'))
            }}
          >
            {t('cardOps:copy')}
          </Button>
          <Button variant="soft" color="gray" onClick={() => setShown(undefined)}>
            {t('cardOps:hide')}
          </Button>
        </Flex>
      </Flex>
    )
  }
  return (
    <FormShell form={form} label={t('cardOps:reveal')} submitLabel={t('cardOps:reveal')}>
      <TextInput form={form} name="reason" label={t('cardOps:revealReason')} autoFocus required />
    </FormShell>
  )
}
