import { Button, Flex, Text } from '@radix-ui/themes'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { call } from '../../api/client'
import { ActionDialog } from '../../components/action/ActionDialog'
import { DialogFrame } from '../../components/dialog/DialogFrame'
import { toast } from '../../components/feedback/toast'
import { FormShell, SelectInput, TextAreaInput, TextInput, useZodForm } from '../../components/form'
import { MoneyInput } from '../../domain/MoneyInput'
import { queryKeys } from '../../domain/queryKeys'
import { formatMoney } from '../../lib/money'
import { text, textarea } from '../../lib/validators'
import {
  cardCancel,
  cardFreeze,
  cardLimits,
  cardTopUp,
  cardUnfreeze,
  cardWithdraw,
} from '../../resources/cardOps'
import { amountText, optionalAmountText } from '../../resources/money'
import { groupBy4, reasonQuery } from './api'
import type { Card as CardSummary, CardOp } from './cardActions'

interface Props {
  card: CardSummary | null
  op: CardOp | null
  onClose: () => void
}

/**
 * One dialog for every operation on a card; the toolbar or palette names which. Each runs its
 * action (src/resources/cardOps.ts), which refreshes the card list and detail itself.
 */
export function CardOpDialog({ card, op, onClose }: Props) {
  const { t } = useTranslation(['cardOps'])
  if (!card || !op) return null
  const common = {
    open: true,
    onClose,
    title: t(`cardOps:${op}`),
    submitLabel: t('cardOps:submit'),
    subtitle: card.maskedNumber ? (
      <Text as="p" size="2" color="gray" mb="3">
        {t('cardOps:card')} {card.maskedNumber}
      </Text>
    ) : null,
  }
  switch (op) {
    case 'topUp':
    case 'withdraw':
      return <MoneyDialog card={card} op={op} common={common} />
    case 'updateLimit':
      return <LimitDialog card={card} common={common} />
    case 'freeze':
    case 'unfreeze':
    case 'cancel':
      return <ReasonDialog card={card} op={op} common={common} />
    case 'reveal':
      return (
        <DialogFrame open onClose={onClose} title={common.title} subtitle={common.subtitle}>
          <Reveal card={card} />
        </DialogFrame>
      )
  }
}

interface Common {
  open: boolean
  onClose: () => void
  title: string
  submitLabel: string
  subtitle: ReactNode
}

/** Top up or withdraw: the amount in the card's currency. */
function MoneyDialog({
  card,
  op,
  common,
}: {
  card: CardSummary
  op: 'topUp' | 'withdraw'
  common: Common
}) {
  const { t } = useTranslation(['cardOps'])
  return (
    <ActionDialog
      {...common}
      action={op === 'topUp' ? cardTopUp : cardWithdraw}
      schema={z.object({ amount: amountText(card.currency) })}
      initial={{ amount: '' }}
      toInput={({ amount }) => ({ id: card.id, amount })}
      onDone={() => toast.success(t(op === 'topUp' ? 'cardOps:topUpDone' : 'cardOps:withdrawDone'))}
    >
      {(form) => (
        <MoneyInput
          form={form}
          name="amount"
          label={t('cardOps:amount')}
          currency={card.currency}
          autoFocus
          required
        />
      )}
    </ActionDialog>
  )
}

const asText = (minor: number | null | undefined, currency: string) =>
  minor == null ? '' : formatMoney(minor, currency, { symbol: false }).replaceAll(',', '')

const LIMITS = ['perTransaction', 'daily', 'monthly', 'lifetime'] as const

function LimitDialog({ card, common }: { card: CardSummary; common: Common }) {
  const { t } = useTranslation(['cardOps'])
  const limit = optionalAmountText(card.currency)
  return (
    <ActionDialog
      {...common}
      action={cardLimits}
      schema={z.object({ perTransaction: limit, daily: limit, monthly: limit, lifetime: limit })}
      initial={{
        perTransaction: asText(card.limitPerTransaction, card.currency),
        daily: asText(card.limitDaily, card.currency),
        monthly: asText(card.limitMonthly, card.currency),
        lifetime: asText(card.limitLifetime, card.currency),
      }}
      toInput={(v) => ({ id: card.id, ...v })}
      onDone={() => toast.success(t('cardOps:limitDone'))}
    >
      {(form) =>
        LIMITS.map((name, i) => (
          <MoneyInput
            key={name}
            form={form}
            name={name}
            label={t(`cardOps:${name}`)}
            currency={card.currency}
            hint={t('cardOps:noLimit')}
            autoFocus={i === 0}
          />
        ))
      }
    </ActionDialog>
  )
}

const REASON_ACTIONS = { freeze: cardFreeze, unfreeze: cardUnfreeze, cancel: cardCancel } as const
const DONE = {
  freeze: 'cardOps:frozen',
  unfreeze: 'cardOps:unfrozen',
  cancel: 'cardOps:cancelRequested',
} as const

/** Freeze, unfreeze or ask for a cancellation: a reason code and a note. */
function ReasonDialog({
  card,
  op,
  common,
}: {
  card: CardSummary
  op: 'freeze' | 'unfreeze' | 'cancel'
  common: Common
}) {
  const { t } = useTranslation(['cardOps'])
  const reasons = useQuery(reasonQuery())
  return (
    <ActionDialog
      {...common}
      action={REASON_ACTIONS[op]}
      schema={z.object({ reasonCode: z.string().min(1), note: textarea() })}
      initial={{ reasonCode: '', note: '' }}
      toInput={(v) => ({ id: card.id, ...v })}
      onDone={() => toast.success(t(DONE[op]))}
    >
      {(form) => (
        <>
          <SelectInput
            form={form}
            name="reasonCode"
            label={t('cardOps:reason')}
            options={reasons.data ?? []}
            required
          />
          <TextAreaInput form={form} name="note" label={t('cardOps:note')} />
        </>
      )}
    </ActionDialog>
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
      void queryClient.invalidateQueries({ queryKey: queryKeys.audit() })
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
