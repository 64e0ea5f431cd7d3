import {
  Checkbox,
  Code,
  Flex,
  Grid,
  Link,
  SegmentedControl,
  Select,
  Table,
  Text,
} from '@radix-ui/themes'
import { useQuery } from '@tanstack/react-query'
import { Link as RouterLink } from '@tanstack/react-router'
import { lazy, Suspense, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { readJson, STORAGE_KEYS, writeJson } from '../../api/storage'
import { ErrorNotice } from '../../components/feedback/ErrorNotice'
import { DateTimeText } from '../../components/format/DateTimeText'
import { Money } from '../../components/format/Money'
import { formatMoney } from '../../lib/money'
import type { DashboardSummary } from '../../resources/dashboard'
import type { CardStatus } from '../../machines/card'
import { CardStatusBadge } from '../../components/format/CardStatusBadge'
import { objectText } from '../../components/audit/auditText'
import { activityLabel } from './activityLabel'
import { dashboardQuery, RANGES, rangeOf, type RangeDays } from './api'
import { Section } from './Section'

// The charting library comes with the chart, not with the dashboard's first paint.
const DailyBars = lazy(() => import('./DailyBars'))

interface Choice {
  currency: string
  days: RangeDays
  /** Recent activities include signing in and out (off by default). */
  includeSignIns?: boolean
}

/**
 * The dashboard's figures for the caller's reach: balance estimate, card issuance, spend per
 * day, recent activities. Each number links to the list it summarises with the same filter.
 * The currency and range are a preference of this browser.
 */
export function DashboardFigures() {
  const { t } = useTranslation(['dashboard', 'common'])
  const [choice, setChoice] = useState<Choice>(() =>
    readJson<Choice>(STORAGE_KEYS.dashboard, { currency: 'USD', days: 30 }),
  )
  const choose = (next: Partial<Choice>) => {
    const value = { ...choice, ...next }
    setChoice(value)
    writeJson(STORAGE_KEYS.dashboard, value)
  }
  const range = rangeOf(choice.days)
  const includeSignIns = choice.includeSignIns ?? false
  const summary = useQuery(dashboardQuery({ currency: choice.currency, ...range, includeSignIns }))
  const s = summary.data
  return (
    <Flex direction="column" gap="4">
      <Flex gap="3" align="center" wrap="wrap">
        <Text as="span" size="2" id="dashboard-range">
          {t('dashboard:range')}
        </Text>
        <SegmentedControl.Root
          aria-labelledby="dashboard-range"
          value={String(choice.days)}
          onValueChange={(v) => choose({ days: Number(v) as RangeDays })}
        >
          {RANGES.map((d) => (
            <SegmentedControl.Item key={d} value={String(d)}>
              {t('dashboard:lastDays', { count: d })}
            </SegmentedControl.Item>
          ))}
        </SegmentedControl.Root>
        <Text as="span" size="1" color="gray">
          {range.from} – {range.to} (UTC)
        </Text>
      </Flex>
      {summary.error ? <ErrorNotice error={summary.error} /> : null}
      {s ? (
        <Grid columns={{ initial: '1', md: '2' }} gap="4">
          {s.balance ? (
            <BalanceCard balance={s.balance} onCurrency={(currency) => choose({ currency })} />
          ) : null}
          {s.cards ? <CardsCard cards={s.cards} range={range} /> : null}
          {s.spend ? <SpendCard spend={s.spend} range={range} /> : null}
          {s.groups ? <GroupsCard groups={s.groups} /> : null}
          <ActivitiesCard
            activities={s.activities}
            includeSignIns={includeSignIns}
            onIncludeSignIns={(v) => choose({ includeSignIns: v })}
          />
        </Grid>
      ) : summary.isPending ? (
        <Text color="gray">{t('common:loading')}</Text>
      ) : null}
    </Flex>
  )
}

function BalanceCard({
  balance,
  onCurrency,
}: {
  balance: NonNullable<DashboardSummary['balance']>
  onCurrency: (currency: string) => void
}) {
  const { t } = useTranslation(['dashboard'])
  const currencies = [...new Set(['USD', ...balance.lines.map((l) => l.currency)])].sort()
  return (
    <Section title={t('dashboard:balanceEstimate')}>
      <Flex align="center" gap="3" wrap="wrap">
        <Text size="7" weight="bold" data-testid="balance-total">
          <Money minor={balance.total} currency={balance.currency} />
        </Text>
        <Select.Root value={balance.currency} onValueChange={onCurrency}>
          <Select.Trigger aria-label={t('dashboard:inCurrency')} />
          <Select.Content>
            {currencies.map((c) => (
              <Select.Item key={c} value={c}>
                {c}
              </Select.Item>
            ))}
          </Select.Content>
        </Select.Root>
      </Flex>
      <Text size="1" color="gray">
        {balance.rateDate ? (
          <>
            {t('dashboard:rateDate')} <DateTimeText iso={balance.rateDate} />
          </>
        ) : (
          t('dashboard:noConversion')
        )}
      </Text>
      <Table.Root size="1">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeaderCell>{t('dashboard:currency')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell justify="end">
              {t('dashboard:available')}
            </Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell justify="end">{t('dashboard:rate')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell justify="end">
              {t('dashboard:converted', { currency: balance.currency })}
            </Table.ColumnHeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {balance.lines.map((l) => (
            <Table.Row key={l.currency}>
              <Table.RowHeaderCell>
                <Link asChild>
                  <RouterLink to="/main/accounts-balance" search={{ currency: l.currency }}>
                    {l.currency}
                  </RouterLink>
                </Link>
              </Table.RowHeaderCell>
              <Table.Cell justify="end">
                <Money minor={l.available} currency={l.currency} />
              </Table.Cell>
              <Table.Cell justify="end">{l.rate ?? '—'}</Table.Cell>
              <Table.Cell justify="end">
                {l.converted === null ? (
                  t('dashboard:noRate')
                ) : (
                  <Money minor={l.converted} currency={balance.currency} />
                )}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Section>
  )
}

function CardsCard({
  cards,
  range,
}: {
  cards: NonNullable<DashboardSummary['cards']>
  range: { from: string; to: string }
}) {
  const { t, i18n } = useTranslation(['dashboard'])
  const count = new Intl.NumberFormat(i18n.language)
  const createdAt = { from: range.from, to: range.to }
  return (
    <Section title={t('dashboard:cardIssuance')}>
      <Text size="2">
        <Link asChild>
          <RouterLink to="/main/cards-balance" search={{ createdAt }}>
            {t('dashboard:cardsCreated', { count: cards.total })}
          </RouterLink>
        </Link>
      </Text>
      <Chart
        label={t('dashboard:cardsPerDay')}
        data={cards.days.map((d) => ({ day: d.day, value: d.created }))}
        format={(v) => count.format(v)}
        empty={t('dashboard:noCards')}
      />
      <Flex gap="3" wrap="wrap">
        {cards.byStatus.map((s) => (
          <Flex key={s.status} gap="1" align="center">
            <CardStatusBadge status={s.status as CardStatus} />
            <Link asChild size="2">
              <RouterLink
                to="/main/cards-balance"
                search={{ createdAt, status: s.status }}
                aria-label={t('dashboard:cardsInStatus', { count: s.count })}
              >
                {count.format(s.count)}
              </RouterLink>
            </Link>
          </Flex>
        ))}
      </Flex>
    </Section>
  )
}

function SpendCard({
  spend,
  range,
}: {
  spend: NonNullable<DashboardSummary['spend']>
  range: { from: string; to: string }
}) {
  const { t } = useTranslation(['dashboard'])
  const currencies = [...new Set(spend.days.map((d) => d.currency))]
  return (
    <Section title={t('dashboard:spendPerDay')}>
      {currencies.length === 0 ? (
        <Text color="gray" size="2">
          {t('dashboard:noSpend')}
        </Text>
      ) : null}
      {currencies.map((currency) => {
        const days = spend.days.filter((d) => d.currency === currency)
        const total = days.reduce((n, d) => n + d.amount, 0)
        return (
          <Flex key={currency} direction="column" gap="2">
            <Text size="2">
              <Link asChild>
                <RouterLink
                  to="/main/cards-transactions"
                  search={{
                    type: 'purchase',
                    status: 'success',
                    occurredAt: { from: range.from, to: range.to },
                    currency,
                  }}
                >
                  {t('dashboard:spent', { amount: formatMoney(total, currency) })}
                </RouterLink>
              </Link>
            </Text>
            <Chart
              label={t('dashboard:spendChart', { currency })}
              data={days.map((d) => ({ day: d.day, value: d.amount }))}
              format={(v) => formatMoney(v, currency)}
              empty=""
            />
          </Flex>
        )
      })}
    </Section>
  )
}

function Chart(props: {
  label: string
  data: { day: string; value: number }[]
  format: (v: number) => string
  empty: string
}) {
  if (props.data.length === 0) {
    return props.empty ? (
      <Text color="gray" size="2">
        {props.empty}
      </Text>
    ) : null
  }
  return (
    <Suspense fallback={<div style={{ height: 180 }} />}>
      <DailyBars data={props.data} format={props.format} label={props.label} />
    </Suspense>
  )
}

function GroupsCard({ groups }: { groups: NonNullable<DashboardSummary['groups']> }) {
  const { t } = useTranslation(['dashboard'])
  return (
    <Section title={t('dashboard:groupsBelowThreshold')}>
      {groups.length === 0 ? (
        <Text color="gray" size="2">
          {t('dashboard:noGroupsBelow')}
        </Text>
      ) : (
        <Table.Root size="1">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>{t('dashboard:group')}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>{t('dashboard:merchant')}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell justify="end">
                {t('dashboard:available')}
              </Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell justify="end">
                {t('dashboard:threshold')}
              </Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {groups.map((g) => (
              <Table.Row key={g.id}>
                <Table.RowHeaderCell>
                  <Link asChild>
                    <RouterLink to="/main/cards-share-cards" search={{ id: g.id }}>
                      {g.name}
                    </RouterLink>
                  </Link>
                </Table.RowHeaderCell>
                <Table.Cell>{g.merchantName}</Table.Cell>
                <Table.Cell justify="end">
                  <Money minor={g.available} currency={g.currency} />
                </Table.Cell>
                <Table.Cell justify="end">
                  <Money minor={g.threshold} currency={g.currency} />
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      )}
    </Section>
  )
}

function ActivitiesCard({
  activities,
  includeSignIns,
  onIncludeSignIns,
}: {
  activities: DashboardSummary['activities']
  includeSignIns: boolean
  onIncludeSignIns: (include: boolean) => void
}) {
  const { t } = useTranslation(['dashboard', 'audit'])
  return (
    <Section title={t('dashboard:recentActivities')}>
      <Text as="label" size="2">
        <Flex gap="2" align="center">
          <Checkbox
            checked={includeSignIns}
            onCheckedChange={(v) => onIncludeSignIns(v === true)}
            data-testid="include-sign-ins"
          />
          {t('dashboard:includeSignIns')}
        </Flex>
      </Text>
      {activities.length === 0 ? (
        <Text color="gray" size="2">
          {t('dashboard:noActivities')}
        </Text>
      ) : (
        <Table.Root size="1">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>{t('dashboard:when')}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>{t('dashboard:who')}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>{t('dashboard:what')}</Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {activities.map((a) => (
              <Table.Row key={a.id}>
                <Table.Cell>
                  <DateTimeText iso={a.at} />
                </Table.Cell>
                <Table.Cell>{a.loginName}</Table.Cell>
                {/* Long targets and unknown codes wrap: with the spend chart beside it the
                    column is narrow, and an unbreakable word would make the table scroll
                    sideways. */}
                <Table.Cell style={{ overflowWrap: 'anywhere' }}>
                  {activityLabel(t, a.action) ?? <Code variant="ghost">{a.action}</Code>}{' '}
                  <Text color="gray">{objectText(t, a.target)}</Text>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      )}
    </Section>
  )
}
