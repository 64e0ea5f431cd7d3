import { Button, Card, Flex, Heading, Select, Text, TextField } from '@radix-ui/themes'
import { useQuery } from '@tanstack/react-query'
import { useId, useMemo, useRef, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { call } from '../../api/client'
import { CardPicker } from '../../domain/CardPicker'
import { formatMoney, isCurrency, parseMoney } from '../../lib/money'
import { useScreenButtons } from '../../components/permissions/useButtons'
import { useScreenActions, type ScreenAction } from '../../shell/screenActions'
import { useCardTxnLabels } from './labels'
import { CARD_TXN_QUERY_KEY } from './resource'
import { useSimulate } from './useSimulate'

interface Props {
  /** The card to simulate on; without it the panel asks for the card (a search picker). */
  cardId?: number
  /** The card's currency: the default merchant currency. */
  currency?: string
}

/**
 * A label above a control and its error below; `control` gets the ids and aria attributes that
 * tie them together.
 */
function Labelled(props: {
  label: string
  error?: string
  width?: string
  control: (aria: {
    id: string
    'aria-invalid': true | undefined
    'aria-describedby': string | undefined
  }) => React.ReactNode
}) {
  const id = useId()
  return (
    <Flex direction="column" gap="1" style={{ width: props.width }}>
      <Text as="label" htmlFor={id} size="2" weight="medium">
        {props.label}
      </Text>
      {props.control({
        id,
        'aria-invalid': props.error ? true : undefined,
        'aria-describedby': props.error ? `${id}-error` : undefined,
      })}
      {props.error ? (
        <Text id={`${id}-error`} size="1" color="red">
          {props.error}
        </Text>
      ) : null}
    </Flex>
  )
}

function Field(props: {
  label: string
  value: string
  onChange: (v: string) => void
  inputRef?: React.Ref<HTMLInputElement>
  width?: string
  error?: string
}) {
  return (
    <Labelled
      label={props.label}
      error={props.error}
      width={props.width}
      control={(aria) => (
        <TextField.Root
          {...aria}
          ref={props.inputRef}
          value={props.value}
          onChange={(e) => props.onChange(e.target.value)}
        />
      )}
    />
  )
}

/** The card to simulate on, chosen by search (last four digits, BIN or alias). */
function CardField(props: { value: string; onChange: (v: string) => void; error?: string }) {
  const { t } = useTranslation('cards')
  return (
    <Labelled
      label={t('txn.card')}
      error={props.error}
      control={(aria) => (
        <CardPicker
          value={props.value}
          onChange={props.onChange}
          label={t('txn.card')}
          aria={aria}
        />
      )}
    />
  )
}

/**
 * The sandbox issuer's controls (cards of the sandbox channel only; the server refuses others):
 * "Simulate authorisation" as a merchant would ask, then clear (fully or partly), reverse,
 * expire a pending transaction or refund a cleared one. Every event goes through the server,
 * signed, over the channel webhook. The same actions are in the palette.
 */
export function SandboxPanel({ cardId, currency: cardCurrency }: Props) {
  const { t } = useTranslation(['cards', 'validation'])
  const perms = useScreenButtons('cards-transactions', ['simulate'])
  const { statusLabel } = useCardTxnLabels()
  const [card, setCard] = useState(cardId ? String(cardId) : '')
  const [amount, setAmount] = useState('')
  const [currency, setCurrency] = useState(cardCurrency ?? 'USD')
  const [merchantName, setMerchantName] = useState('Sandbox Shop')
  const [region, setRegion] = useState('SG')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [chosen, setChosen] = useState<string>('')
  const [partial, setPartial] = useState('')
  const amountRef = useRef<HTMLInputElement>(null)
  const simulate = useSimulate((answer) => {
    if (answer.transactionId && answer.outcome === 'approved')
      setChosen(String(answer.transactionId))
  })
  const theCard = cardId ?? (/^[0-9]+$/.test(card) ? Number(card) : undefined)

  // The card's transactions a follow-up may act on (its latest 50).
  const { data: recent } = useQuery({
    queryKey: [...CARD_TXN_QUERY_KEY, 'sandbox', theCard],
    enabled: theCard !== undefined,
    queryFn: () =>
      call('/card-transactions/list', {
        pageNum: 1,
        pageSize: 50,
        filters: { card: String(theCard), type: 'purchase' },
      }),
  })
  const actionable = useMemo(
    () => (recent?.list ?? []).filter((r) => r.status === 'pending' || r.status === 'success'),
    [recent],
  )
  const selected = actionable.find((r) => String(r.id) === chosen)
  // A cleared one says what it cleared and what was refunded of it (what a refund may take).
  const optionLabel = (r: (typeof actionable)[number]) =>
    t(r.status === 'success' ? 'txn.sandbox.optionCleared' : 'txn.sandbox.option', {
      merchant: r.merchantName,
      amount: formatMoney(r.cardAmount, r.cardCurrency),
      status: statusLabel(r.status),
      cleared: formatMoney(r.clearedAmount, r.cardCurrency),
      refunded: formatMoney(r.refundedAmount, r.cardCurrency),
    }) + (r.authCode ? ` · ${r.authCode}` : '')

  function authorise(e?: FormEvent) {
    e?.preventDefault()
    const next: Record<string, string> = {}
    const cur = currency.trim().toUpperCase()
    if (!isCurrency(cur)) next.currency = t('validation:format')
    const minor = isCurrency(cur) ? parseMoney(amount, cur) : null
    if (minor === null || minor <= 0) next.amount = t('validation:format')
    if (theCard === undefined) next.card = t('validation:format')
    if (!merchantName.trim()) next.merchantName = t('validation:required')
    if (!/^[A-Z]{2}$/.test(region.trim().toUpperCase())) next.region = t('validation:format')
    setErrors(next)
    if (Object.keys(next).length) {
      amountRef.current?.focus()
      return
    }
    simulate.mutate({
      kind: 'authorization',
      body: {
        cardId: theCard!,
        amount: minor!,
        currency: cur,
        merchantName: merchantName.trim(),
        region: region.trim().toUpperCase(),
      },
    })
  }

  const pending = selected?.status === 'pending'
  const cleared = selected?.status === 'success'
  // The amount field serves a partial clearing and a refund; empty refunds all that is left.
  const typed =
    partial.trim() === '' || !selected ? undefined : parseMoney(partial, selected.cardCurrency)
  const typedOk = typed !== undefined && typed !== null && typed > 0
  const refundLeft = selected && cleared ? selected.clearedAmount - selected.refundedAmount : 0
  const followUps = [
    { id: 'clear' as const, kind: 'clearing' as const, ok: pending, body: {} },
    {
      id: 'clearPartial' as const,
      kind: 'clearing' as const,
      ok: pending && typedOk && typed! <= selected!.cardAmount,
      body: { amount: typed ?? undefined },
    },
    { id: 'reverse' as const, kind: 'reversal' as const, ok: pending, body: {} },
    { id: 'expire' as const, kind: 'expiry' as const, ok: pending, body: {} },
    {
      id: 'refund' as const,
      kind: 'refund' as const,
      ok: refundLeft > 0 && (typed === undefined || (typedOk && typed! <= refundLeft)),
      body: typed === undefined ? {} : { amount: typed ?? undefined },
    },
  ]
  const run = (f: (typeof followUps)[number]) =>
    selected && simulate.mutate({ kind: f.kind, body: { transactionId: selected.id, ...f.body } })

  const denied = !perms.can('simulate')
  const paletteActions = useMemo<ScreenAction[]>(
    () => [
      {
        id: 'sandbox-authorize',
        label: t('txn.sandbox.authorize'),
        disabled: denied,
        run: () => authorise(),
      },
      ...followUps.map((f) => ({
        id: `sandbox-${f.id}`,
        label: t(`txn.sandbox.${f.id}`),
        disabled: denied || !f.ok,
        run: () => void run(f),
      })),
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- rebuilt when what they act on changes
    [t, denied, theCard, amount, currency, merchantName, region, chosen, partial, recent],
  )
  useScreenActions(paletteActions)
  if (denied) return null

  return (
    <Card asChild>
      <section aria-label={t('txn.sandbox.title')}>
        <Flex direction="column" gap="3">
          <Heading as="h2" size="3">
            {t('txn.sandbox.title')}
          </Heading>
          <Text size="2" color="gray">
            {t('txn.sandbox.hint')}
          </Text>
          <form onSubmit={authorise} aria-label={t('txn.sandbox.authorize')}>
            <Flex gap="3" wrap="wrap" align="end">
              {cardId === undefined ? (
                <CardField value={card} onChange={setCard} error={errors.card} />
              ) : null}
              <Field
                label={t('txn.sandbox.amount')}
                value={amount}
                onChange={setAmount}
                inputRef={amountRef}
                width="9rem"
                error={errors.amount}
              />
              <Field
                label={t('txn.sandbox.currency')}
                value={currency}
                onChange={setCurrency}
                width="6rem"
                error={errors.currency}
              />
              <Field
                label={t('txn.sandbox.merchantName')}
                value={merchantName}
                onChange={setMerchantName}
                width="12rem"
                error={errors.merchantName}
              />
              <Field
                label={t('txn.sandbox.region')}
                value={region}
                onChange={setRegion}
                width="5rem"
                error={errors.region}
              />
              <Button type="submit" disabled={simulate.isPending}>
                {t('txn.sandbox.authorize')}
              </Button>
            </Flex>
          </form>
          {theCard !== undefined ? (
            <Flex
              gap="3"
              wrap="wrap"
              align="end"
              role="group"
              aria-label={t('txn.sandbox.pendingOne')}
            >
              <Flex direction="column" gap="1">
                <Text size="2" weight="medium">
                  {t('txn.sandbox.pendingOne')}
                </Text>
                <Select.Root value={chosen} onValueChange={setChosen}>
                  <Select.Trigger
                    aria-label={t('txn.sandbox.pendingOne')}
                    placeholder={t('txn.sandbox.noPending')}
                    style={{ minWidth: '18rem' }}
                  />
                  <Select.Content>
                    {actionable.map((r) => (
                      <Select.Item key={r.id} value={String(r.id)}>
                        {optionLabel(r)}
                      </Select.Item>
                    ))}
                  </Select.Content>
                </Select.Root>
              </Flex>
              <Field
                label={t('txn.sandbox.partialAmount')}
                value={partial}
                onChange={setPartial}
                width="9rem"
              />
              {followUps.map((f) => (
                <Button
                  key={f.id}
                  variant="soft"
                  disabled={!f.ok || simulate.isPending}
                  onClick={() => run(f)}
                >
                  {t(`txn.sandbox.${f.id}`)}
                </Button>
              ))}
            </Flex>
          ) : null}
        </Flex>
      </section>
    </Card>
  )
}
