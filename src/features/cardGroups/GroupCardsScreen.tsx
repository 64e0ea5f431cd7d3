import {
  Button,
  Callout,
  Card,
  Checkbox,
  DataList,
  Flex,
  Heading,
  Progress,
  Table,
  Text,
} from '@radix-ui/themes'
import { useQuery } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { call, type DataOf } from '../../api/client'
import { useAction } from '../../components/action/useAction'
import { DialogCancel, DialogFrame } from '../../components/dialog/DialogFrame'
import { toast } from '../../components/feedback/toast'
import { FormShell, SelectInput, TextInput, useZodForm } from '../../components/form'
import { CardStatusBadge } from '../../components/format/CardStatusBadge'
import { ConfirmDialog } from '../../components/list'
import { useScreenButtons } from '../../components/permissions/useButtons'
import { useViewRows } from '../../components/resource/fieldValues'
import { MoneyInput } from '../../domain/MoneyInput'
import { formatMoney } from '../../lib/money'
import type { CardStatus } from '../../machines/card'
import {
  groupAddCards,
  groupCardLimit,
  groupMoveCard,
  groupRemoveCards,
} from '../../resources/cardGroupOps'
import { cardGroups } from '../../resources/cardGroups'
import type { RowOf } from '../../resources/kit'
import { amountText } from '../../resources/money'
import { GroupMoneyDialog, type MoneyOp } from './GroupMoneyDialog'
import { groupDisplay, ThresholdBadge } from './GroupListScreen'
import { groupQueries, groupResource } from './resource'

const route = getRouteApi('/main/cards-share-cards')
type Group = RowOf<typeof cardGroups>
type Member = DataOf<'/card-group/cards'>[number]
type Dialogs = 'add' | 'move' | 'limit' | 'remove' | MoneyOp | null

/** The pool refreshes by itself while the page is open (authorisations arrive from outside). */
const LIVE_MS = 3000

/**
 * cards-share-cards (?id=): one group's pool live — deposit, allocated, spent, held,
 * available — and its cards, each with its limit, used and remaining (a bar per card); add
 * cards (issue in the group or move one in), set limits, remove (bulk on the ticked cards).
 */
export function GroupCardsScreen() {
  const { t } = useTranslation(['cards', 'common', 'validation', 'menu'])
  const { id } = route.useSearch()
  const group = useQuery({
    ...groupResource.detailQuery(id ?? 0),
    enabled: !!id,
    refetchInterval: LIVE_MS,
  })
  // Without a group (or one out of reach): the page's name and why there is nothing.
  const problem = !id ? t('validation:selectRow') : group.error?.message
  if (problem) {
    return (
      <Flex direction="column" gap="3">
        <Heading as="h1" size="5">
          {t('menu:cards-share-cards')}
        </Heading>
        <Callout.Root color={id ? 'red' : 'amber'} highContrast>
          <Callout.Text>{problem}</Callout.Text>
        </Callout.Root>
      </Flex>
    )
  }
  return group.data ? <GroupPage group={group.data as Group} /> : null
}

function GroupPage({ group }: { group: Group }) {
  const { t } = useTranslation(['cards', 'common', 'validation'])
  const perms = useScreenButtons('cards-share-group', cardGroups.buttons)
  const members = useQuery({ ...groupQueries.cards(group.id), refetchInterval: LIVE_MS })
  const [ticked, setTicked] = useState<number[]>([])
  const [dialog, setDialog] = useState<Dialogs>(null)
  const remove = useAction(groupRemoveCards)
  const rows = members.data ?? []
  const chosen = rows.filter((m) => ticked.includes(m.cardId))
  const money = (m: number) => formatMoney(m, group.currency)
  const canCards = perms.can('cards')
  const pool = useViewRows(cardGroups, group, {
    ...groupDisplay,
    available: (r) => (
      <Text weight="bold" data-testid="group-available">
        {money(r.available)}
      </Text>
    ),
  })
  const needRows = (d: Dialogs) => () =>
    chosen.length ? setDialog(d) : void toast.error(t('validation:selectRow'))
  return (
    <Flex direction="column" gap="4">
      <Flex align="center" gap="3" wrap="wrap">
        <Heading as="h1" size="5">
          {group.name}
        </Heading>
        <ThresholdBadge below={group.belowThreshold} />
        <Text size="2" color="gray">
          {group.merchantName} · {group.ruleName} · {t('cards:group.ratio')} {group.floatingRatio} %
          · {t('cards:group.threshold')} {group.warningThreshold} % · {t('cards:group.maxCards')}{' '}
          {group.maxCards}
        </Text>
      </Flex>
      {group.belowThreshold && (
        <Callout.Root color="red" size="1" role="status">
          <Callout.Text>
            {t('cards:group.flaggedNotice', { threshold: group.warningThreshold })}
          </Callout.Text>
        </Callout.Root>
      )}
      <Card>
        <Heading as="h2" size="3" mb="2">
          {t('cards:group.pool')}
        </Heading>
        <DataList.Root
          orientation={{ initial: 'vertical', sm: 'horizontal' }}
          data-testid="group-pool"
        >
          {pool.map(([label, value, name]) => (
            <DataList.Item key={name}>
              <DataList.Label minWidth="110px">{label}</DataList.Label>
              <DataList.Value>{value}</DataList.Value>
            </DataList.Item>
          ))}
        </DataList.Root>
      </Card>
      <Flex gap="2" wrap="wrap" role="toolbar" aria-label={t('cards:group.cards')}>
        <Button disabled={!canCards} onClick={() => setDialog('add')}>
          {t('cards:group.addCards')}
        </Button>
        <Button variant="soft" disabled={!canCards} onClick={() => setDialog('move')}>
          {t('cards:group.moveCard')}
        </Button>
        <Button variant="soft" disabled={!canCards} onClick={needRows('limit')}>
          {t('cards:group.setLimit')}
        </Button>
        <Button variant="soft" color="red" disabled={!canCards} onClick={needRows('remove')}>
          {t('cards:group.remove')}
        </Button>
        <Button
          variant="outline"
          disabled={!perms.can('top-up')}
          onClick={() => setDialog('top-up')}
        >
          {t('cards:group.topUp')}
        </Button>
        <Button
          variant="outline"
          disabled={!perms.can('withdraw')}
          onClick={() => setDialog('withdraw')}
        >
          {t('cards:group.withdraw')}
        </Button>
      </Flex>
      {rows.length === 0 ? (
        <Text color="gray">{t('cards:group.noCards')}</Text>
      ) : (
        <Table.Root size="1" data-testid="group-cards">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell width="40px">
                <Checkbox
                  aria-label={t('cards:group.cards')}
                  checked={ticked.length === rows.length}
                  onCheckedChange={(v) => setTicked(v === true ? rows.map((r) => r.cardId) : [])}
                />
              </Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>{t('cards:group.card')}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>{t('cards:group.status')}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>{t('cards:group.limit')}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>{t('cards:group.used')}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>{t('cards:group.remaining')}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell minWidth="160px" />
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((m) => {
              const label = m.maskedNumber || `#${m.cardId}`
              return (
                <Table.Row key={m.cardId}>
                  <Table.Cell>
                    <Checkbox
                      aria-label={label}
                      checked={ticked.includes(m.cardId)}
                      onCheckedChange={(v) =>
                        setTicked((s) =>
                          v === true ? [...s, m.cardId] : s.filter((x) => x !== m.cardId),
                        )
                      }
                    />
                  </Table.Cell>
                  <Table.RowHeaderCell>
                    {label}
                    {m.alias ? (
                      <Text color="gray" size="1">
                        {' '}
                        {m.alias}
                      </Text>
                    ) : null}
                  </Table.RowHeaderCell>
                  <Table.Cell>
                    <CardStatusBadge status={m.status as CardStatus} />
                  </Table.Cell>
                  <Table.Cell>{money(m.cardLimit)}</Table.Cell>
                  <Table.Cell>{money(m.used)}</Table.Cell>
                  <Table.Cell>{money(m.remaining)}</Table.Cell>
                  <Table.Cell>
                    <Progress
                      value={m.cardLimit ? Math.min(100, (m.used / m.cardLimit) * 100) : 0}
                      color={m.remaining === 0 ? 'red' : undefined}
                      aria-label={t('cards:group.usageBar', {
                        card: label,
                        used: money(m.used),
                        limit: money(m.cardLimit),
                      })}
                    />
                  </Table.Cell>
                </Table.Row>
              )
            })}
          </Table.Body>
        </Table.Root>
      )}
      <GroupMoneyDialog
        group={dialog === 'top-up' || dialog === 'withdraw' ? group : null}
        op={dialog === 'top-up' || dialog === 'withdraw' ? dialog : null}
        onClose={() => setDialog(null)}
      />
      <DialogFrame
        open={dialog === 'add' || dialog === 'move' || dialog === 'limit'}
        title={
          dialog === 'add'
            ? t('cards:group.addCardsTitle')
            : dialog === 'move'
              ? t('cards:group.moveCardTitle')
              : t('cards:group.setLimitTitle', { count: chosen.length })
        }
        onClose={() => setDialog(null)}
        cancelInContent
      >
        {dialog === 'add' && <AddCardsForm group={group} onDone={() => setDialog(null)} />}
        {dialog === 'move' && <MoveCardForm group={group} onDone={() => setDialog(null)} />}
        {dialog === 'limit' && (
          <LimitForm
            group={group}
            cards={chosen}
            onDone={() => {
              setTicked([])
              setDialog(null)
            }}
          />
        )}
      </DialogFrame>
      <ConfirmDialog
        open={dialog === 'remove'}
        title={t('cards:group.removeTitle', { count: chosen.length })}
        description={t('cards:group.removeConfirm', {
          cards: chosen.map((c) => c.maskedNumber || `#${c.cardId}`).join(', '),
        })}
        confirmLabel={t('cards:group.remove')}
        busy={remove.isPending}
        onCancel={() => setDialog(null)}
        onConfirm={async () => {
          try {
            await remove.mutateAsync({ groupId: group.id, cardIds: chosen.map((c) => c.cardId) })
            toast.success(t('cards:group.removed'))
            setTicked([])
          } catch (e) {
            toast.error(e instanceof Error ? e.message : String(e))
          }
          setDialog(null)
        }}
      />
    </Flex>
  )
}

function useUsageTypes() {
  const { data = [] } = useQuery({
    queryKey: ['filter-options', 'dict', 'card_usage_type'],
    queryFn: async () =>
      ((await call('/dict/query', { codes: ['card_usage_type'] })).card_usage_type ?? []).map(
        (o) => ({ value: o.code, label: o.name }),
      ),
    staleTime: 60_000,
  })
  return data
}

/** Waits for the BINs, cardholders and usage types, so the form starts with them chosen. */
function AddCardsForm({ group, onDone }: { group: Group; onDone: () => void }) {
  const options = useQuery(groupQueries.cardOptions(group.id))
  const usageTypes = useUsageTypes()
  if (!options.data || !usageTypes.length) return null
  return (
    <AddCardsFields group={group} options={options.data} usageTypes={usageTypes} onDone={onDone} />
  )
}

function AddCardsFields({
  group,
  options: data,
  usageTypes,
  onDone,
}: {
  group: Group
  options: DataOf<'/card-group/cards/options'>
  usageTypes: { value: string; label: string }[]
  onDone: () => void
}) {
  const { t } = useTranslation(['cards'])
  const options = { data }
  // The request id of each attempt is the hook's (kept for retries, new after a refusal).
  const add = useAction(groupAddCards)
  const holder = options.data?.cardholders.find((h) => h.isDefault) ?? options.data?.cardholders[0]
  const form = useZodForm({
    schema: z.object({
      cardBinId: z.string().min(1).transform(Number),
      cardholderId: z.string().min(1).transform(Number),
      usageType: z.string().min(1),
      alias: z.string().trim().max(100),
      validityDays: z
        .string()
        .trim()
        .min(1)
        .transform(Number)
        .pipe(z.number({ message: 'validation:number' }).int().min(1).max(3650)),
      quantity: z
        .string()
        .trim()
        .min(1)
        .transform(Number)
        .pipe(z.number({ message: 'validation:number' }).int().min(1).max(100)),
      cardLimit: amountText(group.currency),
    }),
    initial: {
      cardBinId: options.data?.bins[0] ? String(options.data.bins[0].id) : '',
      cardholderId: holder ? String(holder.id) : '',
      usageType: usageTypes[0]?.value ?? '',
      alias: '',
      validityDays: String(Math.max(options.data?.minValidityDays ?? 365, 365)),
      quantity: '1',
      cardLimit: '',
    },
    submit: async (v) => {
      await add.mutateAsync({ groupId: group.id, ...v })
      toast.success(t('cards:group.cardsAdded'))
      onDone()
    },
  })
  return (
    <FormShell form={form} label={t('cards:group.addCardsTitle')} extra={<DialogCancel />}>
      <MoneyInput
        form={form}
        name="cardLimit"
        label={t('cards:group.cardLimit')}
        currency={group.currency}
        required
        autoFocus
      />
      <TextInput form={form} name="quantity" label={t('cards:group.quantity')} required />
      <SelectInput
        form={form}
        name="cardBinId"
        label={t('cards:group.bin')}
        required
        options={options.data.bins.map((b) => ({
          value: String(b.id),
          label: `${b.bin} · ${b.scheme}`,
        }))}
        emptyReason={t('cards:group.noBins', { currency: group.currency })}
      />
      <SelectInput
        form={form}
        name="cardholderId"
        label={t('cards:group.cardholder')}
        required
        options={options.data.cardholders.map((h) => ({ value: String(h.id), label: h.name }))}
        emptyReason={t('cards:group.noCardholders')}
      />
      <SelectInput
        form={form}
        name="usageType"
        label={t('cards:group.usageType')}
        required
        options={usageTypes}
      />
      <TextInput form={form} name="validityDays" label={t('cards:group.validityDays')} required />
      <TextInput form={form} name="alias" label={t('cards:group.alias')} />
    </FormShell>
  )
}

function MoveCardForm({ group, onDone }: { group: Group; onDone: () => void }) {
  const { t } = useTranslation(['cards'])
  const options = useQuery(groupQueries.cardOptions(group.id))
  const move = useAction(groupMoveCard)
  const form = useZodForm({
    schema: z.object({
      cardId: z.string().min(1).transform(Number),
      cardLimit: amountText(group.currency),
    }),
    initial: { cardId: '', cardLimit: '' },
    submit: async (v) => {
      await move.mutateAsync({ groupId: group.id, ...v })
      toast.success(t('cards:group.cardMoved'))
      onDone()
    },
  })
  if (!options.data) return null
  if (!options.data.movable.length) return <Text color="gray">{t('cards:group.noMovable')}</Text>
  return (
    <FormShell form={form} label={t('cards:group.moveCardTitle')} extra={<DialogCancel />}>
      <SelectInput
        form={form}
        name="cardId"
        label={t('cards:group.cardToMove')}
        required
        options={options.data.movable.map((c) => ({
          value: String(c.id),
          label: `${c.maskedNumber || `#${c.id}`} ${c.alias}`,
        }))}
      />
      <MoneyInput
        form={form}
        name="cardLimit"
        label={t('cards:group.cardLimit')}
        currency={group.currency}
        required
      />
    </FormShell>
  )
}

function LimitForm(p: { group: Group; cards: Member[]; onDone: () => void }) {
  const { t } = useTranslation(['cards'])
  const set = useAction(groupCardLimit)
  const form = useZodForm({
    schema: z.object({ cardLimit: amountText(p.group.currency) }),
    initial: { cardLimit: '' },
    submit: async (v) => {
      await set.mutateAsync({ groupId: p.group.id, cardIds: p.cards.map((c) => c.cardId), ...v })
      toast.success(t('cards:group.limitSet'))
      p.onDone()
    },
  })
  return (
    <FormShell form={form} label={t('cards:group.setLimit')} extra={<DialogCancel />}>
      <MoneyInput
        form={form}
        name="cardLimit"
        label={t('cards:group.cardLimit')}
        currency={p.group.currency}
        required
        autoFocus
      />
    </FormShell>
  )
}
