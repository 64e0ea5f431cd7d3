import { ObjectHistory } from '../../components/audit/ObjectHistory'
import { Button, Callout, Card as Panel, Flex, Heading, Table, Text } from '@radix-ui/themes'
import { useQuery } from '@tanstack/react-query'
import { getRouteApi, useNavigate } from '@tanstack/react-router'
import type { ComponentType, ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { DateTimeText } from '../../components/format/DateTimeText'
import { EditRecord } from '../../components/form'
import { lastListSearch, useFormTab } from '../../components/list'
import { useButtonCodes } from '../../components/permissions/useButtons'
import { LIVE_REFRESH_MS } from '../../components/resource/useResourceList'
import { Money } from '../../components/format/Money'
import { useViewRows } from '../../components/resource/fieldValues'
import { ViewRows } from '../../components/resource/ResourceView'
import { cards } from '../../resources/cards'
import { cardDisplay } from './CardListScreen'
import { formatMoney } from '../../lib/money'
import { cardOperations, operationAllowed, operationRefusal, type Card } from './operations'
import { AWAITING_CHANNEL, cardHistoryQuery, cardLimitsQuery, cardResource } from './resource'
import { codeLabel } from '../../lib/codeLabels'

const route = getRouteApi('/main/cards-balance-view-card-detail')

/**
 * More sections of the card detail, below the built-in ones, in order (the card's
 * transactions). Each gets the card as shown.
 */
export const cardDetailSections: { id: string; Section: ComponentType<{ card: Card }> }[] = []

/** The card detail asks again while the channel has not answered. */
const liveDetail = (id: number) => ({
  ...cardResource.detailQuery(id),
  refetchInterval: (q: { state: { data?: Card } }) =>
    q.state.data && AWAITING_CHANNEL.has(q.state.data.status) ? LIVE_REFRESH_MS : false,
})

const isMoney = (name: string) => cards.fields[name as keyof typeof cards.fields].widget === 'money'

/** cards-balance-view-card-detail (?id=): one card, masked, with its money and its history. */
export function CardDetailScreen() {
  const { t } = useTranslation()
  const { id } = route.useSearch()
  return (
    <EditRecord
      id={id}
      query={liveDetail as typeof cardResource.detailQuery}
      titleKey="cards:cardList.detail.title"
      error={id ? null : new Error(t('validation:selectRow'))}
    >
      {(card) => <CardDetail card={card!} />}
    </EditRecord>
  )
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Panel size="2">
      <Flex direction="column" gap="3">
        <Heading as="h2" size="3">
          {title}
        </Heading>
        {children}
      </Flex>
    </Panel>
  )
}

function CardDetail({ card }: { card: Card }) {
  const { t } = useTranslation()
  // The server's wording of the refusal (a namespace loaded after sign-in).
  const { t: refusal } = useTranslation('refusals')
  const navigate = useNavigate()
  const { codes } = useButtonCodes()
  useFormTab('cards:cardList.detail.title', 'cards-balance')
  const history = useQuery({
    ...cardHistoryQuery(card.id),
    // A new status (the channel's answer) brings its history row.
    queryKey: [...cardHistoryQuery(card.id).queryKey, card.status],
  })
  const money = (minor: number) => <Money minor={minor} currency={card.currency} />
  // The card's fields: its money in the balance part, the rest in the card part.
  const rows = useViewRows(cards, card, cardDisplay)
  const state = (s: string | null) =>
    s ? t(`cards:cardList.states.${s as Card['status']}`, { defaultValue: s }) : '—'
  // Used and remaining from the server: the same usage an authorisation is decided on.
  const usage = useQuery(
    cardLimitsQuery(
      card.id,
      [
        card.limitPerTransaction,
        card.limitDaily,
        card.limitMonthly,
        card.limitLifetime,
        card.pendingTransactions,
        card.posted,
        card.pending,
      ].join(':'),
    ),
  )
  const limits: [string, number | null, 'perTransaction' | 'daily' | 'monthly' | 'lifetime'][] = [
    [t('cards:cardList.detail.perTransaction'), card.limitPerTransaction, 'perTransaction'],
    [t('cards:cardList.detail.daily'), card.limitDaily, 'daily'],
    [t('cards:cardList.detail.monthly'), card.limitMonthly, 'monthly'],
    [t('cards:cardList.detail.lifetime'), card.limitLifetime, 'lifetime'],
  ]
  const ops = cardOperations.filter((op) => codes.has(op.button))
  // A button held back only by the card's pending transactions says so (a disabled button
  // cannot take the focus, so its reason is written out rather than put in a tooltip).
  const waiting = ops.filter((op) => operationRefusal(op, card) === 'pending')
  // …and one held back because the card is past its expiry month says that.
  const heldBack = ops.filter((op) => operationRefusal(op, card) === 'expired')

  return (
    <Flex direction="column" gap="4" p="4" maxWidth="960px">
      <Flex align="center" justify="between" gap="3" wrap="wrap">
        <Heading as="h1" size="5">
          {t('cards:cardList.detail.title')}
        </Heading>
        <Flex gap="2" wrap="wrap" role="toolbar" aria-label={t('cards:cardList.detail.title')}>
          {ops.map((op) => (
            <Button key={op.id} disabled={!operationAllowed(op, card)} onClick={() => op.run(card)}>
              {t(op.label)}
            </Button>
          ))}
          <Button
            variant="soft"
            color="gray"
            onClick={() =>
              navigate({ to: '/main/cards-balance', search: lastListSearch('cards-balance') })
            }
          >
            {t('cards:cardList.detail.back')}
          </Button>
        </Flex>
      </Flex>

      {waiting.length > 0 ? (
        <Callout.Root color="amber" size="1" highContrast data-testid="card-ops-waiting">
          <Callout.Text>
            {waiting.map((op) => t(op.label)).join(', ')}: {refusal('cardOps.pendingTransactions')}
          </Callout.Text>
        </Callout.Root>
      ) : null}

      {heldBack.length > 0 ? (
        <Callout.Root color="amber" size="1" highContrast data-testid="card-ops-expired">
          <Callout.Text>
            {heldBack.map((op) => t(op.label)).join(', ')}: {refusal('cardOps.cardExpired')}
          </Callout.Text>
        </Callout.Root>
      ) : null}

      {card.expired ? (
        <Callout.Root color="gray" size="1" highContrast data-testid="card-expired">
          <Callout.Text>{t('cards:cardList.expiredNote', { expiry: card.expiry })}</Callout.Text>
        </Callout.Root>
      ) : null}

      <Section title={t('cards:cardList.detail.card')}>
        <ViewRows rows={rows.filter(([, , name]) => !isMoney(name))} labelWidth="140px" />
      </Section>

      <Section title={t('cards:cardList.detail.balance')}>
        <ViewRows rows={rows.filter(([, , name]) => isMoney(name))} labelWidth="140px" />
      </Section>

      <Section title={t('cards:cardList.detail.limits')}>
        <Table.Root size="1">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell />
              <Table.ColumnHeaderCell>{t('cards:cardList.detail.limit')}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>{t('cards:cardList.detail.used')}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>
                {t('cards:cardList.detail.remaining')}
              </Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {limits.map(([label, limit, key]) => {
              const line = usage.data?.[key]
              return (
                <Table.Row key={key} data-testid={`limit-${key}`}>
                  <Table.RowHeaderCell>{label}</Table.RowHeaderCell>
                  <Table.Cell>
                    {limit === null ? t('cards:cardList.detail.noLimit') : money(limit)}
                  </Table.Cell>
                  <Table.Cell>
                    {key === 'perTransaction'
                      ? t('cards:cardList.detail.notApplicable')
                      : line && line.used !== null
                        ? money(line.used)
                        : '—'}
                  </Table.Cell>
                  <Table.Cell>
                    {limit === null
                      ? t('cards:cardList.detail.noLimit')
                      : line && line.remaining !== null
                        ? money(line.remaining)
                        : '—'}
                  </Table.Cell>
                </Table.Row>
              )
            })}
          </Table.Body>
        </Table.Root>
        <Text as="p" size="1" color="gray" mt="2">
          {t('cards:cardList.detail.usageNote')}
        </Text>
      </Section>

      <Section title={t('cards:cardList.detail.billing')}>
        <Text as="p">
          {[
            card.billingAddress,
            card.billingCity,
            card.billingState,
            card.billingPostalCode,
            card.billingCountry,
          ]
            .filter(Boolean)
            .join(', ')}
        </Text>
      </Section>

      <Section title={t('cards:cardList.detail.history')}>
        <Table.Root size="1">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>{t('cards:cardList.detail.when')}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>{t('cards:cardList.detail.who')}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>{t('cards:cardList.detail.from')}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>{t('cards:cardList.detail.to')}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>
                {t('cards:cardList.detail.reasonCode')}
              </Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>{t('cards:cardList.detail.note')}</Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {(history.data ?? []).map((h) => (
              <Table.Row key={h.id}>
                <Table.Cell>
                  <DateTimeText iso={h.createdAt} />
                </Table.Cell>
                <Table.Cell>{h.actorName ?? t('cards:cardList.detail.channel')}</Table.Cell>
                <Table.Cell>{state(h.fromStatus)}</Table.Cell>
                <Table.Cell>{state(h.toStatus)}</Table.Cell>
                <Table.Cell>{h.reasonCode ? codeLabel(t, 'reason', h.reasonCode) : '—'}</Table.Cell>
                <Table.Cell>
                  {h.note || (h.returned ? '' : '—')}
                  {h.returned ? (
                    // What an approved cancellation gave back, from its ledger entry.
                    <Text as="div" weight="medium" data-testid="cancel-returned">
                      {t('cards:cardList.detail.returnedAmount', {
                        amount: formatMoney(h.returned.amount, h.returned.currency),
                      })}
                    </Text>
                  ) : null}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Section>

      {cardDetailSections.map(({ id, Section: Extra }) => (
        <Extra key={id} card={card} />
      ))}
      <ObjectHistory type="card" id={card.id} />
    </Flex>
  )
}
