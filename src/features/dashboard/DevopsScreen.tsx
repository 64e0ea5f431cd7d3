import { Badge, Button, Code, Flex, Grid, Heading, Table, Text } from '@radix-ui/themes'
import { useIsFetching, useQuery, useQueryClient } from '@tanstack/react-query'
import { lazy, Suspense } from 'react'
import { useTranslation } from 'react-i18next'
import { readUser } from '../../api/storage'
import { ErrorNotice } from '../../components/feedback/ErrorNotice'
import { formatDateTime } from '../../lib/dateTime'
import { JOB_QUEUES, type DevopsAnswer, type DevopsFigures } from '../../resources/devops'
import { devopsSectionQuery } from './devopsApi'
import { DEVOPS_SECTIONS, type DevopsSection } from '../../lib/screens'
import { useMenuModel } from '../../shell/menus/queries'
import { ISSUER_OPERATIONS } from '../../lib/channelOperations'
import { Section } from './Section'

// The charting library comes with the chart, not with the page's first paint.
const MinuteBars = lazy(() => import('./MinuteBars'))

/** A share (0–1) as a percentage with one decimal, in the user's language. */
function usePercent() {
  const { t, i18n } = useTranslation(['dashboard'])
  const nf = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 })
  return (share: number | null) =>
    share === null
      ? t('dashboard:devops.none')
      : t('dashboard:devops.percent', { value: nf.format(share * 100) })
}

function useMs() {
  const { t, i18n } = useTranslation(['dashboard'])
  const nf = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 })
  return (ms: number) => t('dashboard:devops.ms', { value: nf.format(ms) })
}

/**
 * devops-index, for platform administrators: database latency measured now, pending work per
 * job queue, webhook deliveries and their refusals, each channel operation's success rate and
 * latency, and the error rate by route, over the last hour (docs/devops.md). Each section is a
 * devops module with its own call, asked for only when the menus say the role holds it (the
 * server refuses the others). Fetched again every 30 s while open.
 */
export function DevopsScreen() {
  const { t } = useTranslation(['dashboard', 'common'])
  const qc = useQueryClient()
  const menus = useMenuModel()
  const holds = (s: DevopsSection) => !!menus?.names.has(`devops-${s}`)
  const database = useQuery(devopsSectionQuery('database', holds('database')))
  const queues = useQuery(devopsSectionQuery('queues', holds('queues')))
  const webhooks = useQuery(devopsSectionQuery('webhooks', holds('webhooks')))
  const channels = useQuery(devopsSectionQuery('channels', holds('channels')))
  const routes = useQuery(devopsSectionQuery('routes', holds('routes')))
  const all = [database, queues, webhooks, channels, routes]
  const fetching = useIsFetching({ queryKey: ['devops'] }) > 0
  const error = all.find((q) => q.error)?.error
  const stamp = all.find((q) => q.data)?.data
  const none = menus !== undefined && !DEVOPS_SECTIONS.some(holds)
  return (
    <Flex direction="column" gap="4" p="4">
      <Flex justify="between" align="start" gap="3" wrap="wrap">
        <Flex direction="column" gap="1">
          <Heading as="h1" size="6">
            {t('dashboard:devops.title')}
          </Heading>
          {stamp ? (
            <Text color="gray" size="2">
              {t('dashboard:devops.lead', {
                minutes: stamp.windowMinutes,
                at: formatDateTime(stamp.at, { timeZone: readUser()?.timezone }),
              })}
            </Text>
          ) : null}
        </Flex>
        <Button
          variant="soft"
          onClick={() => void qc.refetchQueries({ queryKey: ['devops'], type: 'active' })}
          loading={fetching}
          disabled={none}
        >
          {t('dashboard:devops.refresh')}
        </Button>
      </Flex>
      {error ? <ErrorNotice error={error} /> : null}
      {none ? <Text color="gray">{t('dashboard:devops.noSections')}</Text> : null}
      {!stamp && fetching ? <Text color="gray">{t('common:loading')}</Text> : null}
      <Grid columns={{ initial: '1', md: '2' }} gap="4">
        {database.data ? <DatabaseCard database={database.data.database} /> : null}
        {webhooks.data ? <WebhooksCard webhooks={webhooks.data.webhooks} /> : null}
      </Grid>
      {/* Full width: seven columns per queue. */}
      {queues.data ? <QueuesCard queues={queues.data.queues} outbox={queues.data.outbox} /> : null}
      {channels.data ? <ChannelsCard channels={channels.data.channels} /> : null}
      {routes.data ? <PerMinuteCard perMinute={routes.data.perMinute} /> : null}
      {routes.data ? <RoutesCard routes={routes.data.routes} /> : null}
    </Flex>
  )
}

function Figure({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Flex direction="column" gap="1">
      <Text size="1" color="gray">
        {label}
      </Text>
      <Text size="6" weight="bold" data-testid={testId}>
        {value}
      </Text>
    </Flex>
  )
}

function DatabaseCard({ database }: { database: DevopsFigures['database'] }) {
  const { t } = useTranslation(['dashboard'])
  const ms = useMs()
  return (
    <Section title={t('dashboard:devops.database')}>
      <Flex gap="6" wrap="wrap">
        <Figure label={t('dashboard:devops.p50')} value={ms(database.p50Ms)} testId="db-p50" />
        <Figure label={t('dashboard:devops.p99')} value={ms(database.p99Ms)} />
        <Figure label={t('dashboard:devops.max')} value={ms(database.maxMs)} />
      </Flex>
      <Text size="1" color="gray">
        {t('dashboard:devops.databaseNote', { count: database.samples })}
      </Text>
    </Section>
  )
}

/** A queue's name in the user's language; one the console does not know, as the server names it. */
export function useQueueName() {
  const { t } = useTranslation(['dashboard'])
  return (queue: string) =>
    isOneOf(JOB_QUEUES, queue) ? t(`dashboard:devops.queueName.${queue}`) : queue
}

/** A count, highlighted when it is not zero (`color`: how much it matters). */
function CountCell({ n, color }: { n: number; color: 'amber' | 'red' | 'blue' }) {
  const { i18n } = useTranslation(['dashboard'])
  const nf = new Intl.NumberFormat(i18n.language)
  return (
    <Table.Cell justify="end">
      {n > 0 ? <Badge color={color}>{nf.format(n)}</Badge> : nf.format(0)}
    </Table.Cell>
  )
}

function QueuesCard({
  queues,
  outbox,
}: {
  queues: DevopsFigures['queues']
  outbox: DevopsAnswer<'queues'>['outbox']
}) {
  const { t, i18n } = useTranslation(['dashboard'])
  const nf = new Intl.NumberFormat(i18n.language)
  const queueName = useQueueName()
  const language = i18n.language === 'zh-CN' ? 'zh-CN' : 'en-US'
  return (
    <Section title={t('dashboard:devops.queues')}>
      <Table.Root size="1">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeaderCell>{t('dashboard:devops.queue')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>{t('dashboard:devops.schedule')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell justify="end">
              {t('dashboard:devops.waiting')}
            </Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell justify="end">
              {t('dashboard:devops.active')}
            </Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell justify="end">
              {t('dashboard:devops.failed')}
            </Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell justify="end">
              {t('dashboard:devops.deadLettered')}
            </Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell justify="end">
              {t('dashboard:devops.oldestWaiting')}
            </Table.ColumnHeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {queues.map((q) => (
            <Table.Row key={q.queue} data-testid={`queue-${q.queue}`}>
              <Table.RowHeaderCell>{queueName(q.queue)}</Table.RowHeaderCell>
              <Table.Cell>
                {q.schedule ? (
                  <span title={q.schedule.cron}>{q.schedule[language]}</span>
                ) : (
                  t('dashboard:devops.none')
                )}
              </Table.Cell>
              <CountCell n={q.waiting} color="blue" />
              <CountCell n={q.active} color="blue" />
              <CountCell n={q.failed} color="amber" />
              <CountCell n={q.deadLettered} color="red" />
              <Table.Cell justify="end">
                {q.oldestWaitingSeconds === null
                  ? t('dashboard:devops.none')
                  : t('dashboard:devops.seconds', { value: nf.format(q.oldestWaitingSeconds) })}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
      <Text size="1" color="gray">
        {t('dashboard:devops.queuesNote')}
      </Text>
      <Text size="2" as="p" data-testid="outbox-retrying">
        {outbox.nextTryAt
          ? t('dashboard:devops.outboxRetrying', {
              count: outbox.retrying,
              at: formatDateTime(outbox.nextTryAt, { timeZone: readUser()?.timezone }),
              reason: outbox.lastError ?? '',
            })
          : t('dashboard:devops.outboxNoRetry')}
      </Text>
    </Section>
  )
}

const REFUSALS = [
  'unknownChannel',
  'badSignature',
  'replay',
  'unsupportedEvent',
  'invalidInput',
  'error',
] as const

const isOneOf = <T extends string>(list: readonly T[], v: string): v is T =>
  (list as readonly string[]).includes(v)

function WebhooksCard({ webhooks }: { webhooks: DevopsFigures['webhooks'] }) {
  const { t, i18n } = useTranslation(['dashboard'])
  const nf = new Intl.NumberFormat(i18n.language)
  return (
    <Section title={t('dashboard:devops.webhooks')}>
      <Flex gap="6" wrap="wrap">
        <Figure label={t('dashboard:devops.accepted')} value={nf.format(webhooks.accepted)} />
        <Figure
          label={t('dashboard:devops.refused')}
          value={nf.format(webhooks.refused)}
          testId="webhooks-refused"
        />
      </Flex>
      {webhooks.failures.length === 0 ? (
        <Text size="2" color="gray">
          {t('dashboard:devops.noRefusals')}
        </Text>
      ) : (
        <Table.Root size="1">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>{t('dashboard:devops.channel')}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>{t('dashboard:devops.reason')}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell justify="end">
                {t('dashboard:devops.count')}
              </Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {webhooks.failures.map((f) => (
              <Table.Row key={`${f.channel}|${f.reason}`}>
                <Table.Cell>
                  {f.channel === '?' ? (
                    t('dashboard:devops.unknownChannel')
                  ) : (
                    <Code>{f.channel}</Code>
                  )}
                </Table.Cell>
                <Table.Cell>
                  {isOneOf(REFUSALS, f.reason)
                    ? t(`dashboard:devops.refusal.${f.reason}`)
                    : f.reason}
                </Table.Cell>
                <Table.Cell justify="end">{nf.format(f.count)}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      )}
    </Section>
  )
}

/** Green at 99 % and above, amber from 90 %, red below. */
const rateColor = (share: number | null) =>
  share === null ? 'gray' : share >= 0.99 ? 'green' : share >= 0.9 ? 'amber' : 'red'

function ChannelsCard({ channels }: { channels: DevopsFigures['channels'] }) {
  const { t, i18n } = useTranslation(['dashboard'])
  const nf = new Intl.NumberFormat(i18n.language)
  const percent = usePercent()
  const ms = useMs()
  return (
    <Section title={t('dashboard:devops.channels')}>
      {channels.length === 0 ? (
        <Text size="2" color="gray">
          {t('dashboard:devops.noCalls')}
        </Text>
      ) : (
        <Table.Root size="1">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>{t('dashboard:devops.channel')}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>{t('dashboard:devops.operation')}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell justify="end">
                {t('dashboard:devops.calls')}
              </Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell justify="end">
                {t('dashboard:devops.failed')}
              </Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell justify="end">
                {t('dashboard:devops.successRate')}
              </Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell justify="end">
                {t('dashboard:devops.p50')}
              </Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell justify="end">
                {t('dashboard:devops.p99')}
              </Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell justify="end">
                {t('dashboard:devops.max')}
              </Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {channels.map((c) => (
              <Table.Row key={`${c.channelCode}|${c.operation}`}>
                <Table.Cell>{c.channelName}</Table.Cell>
                <Table.RowHeaderCell>
                  {isOneOf(ISSUER_OPERATIONS, c.operation)
                    ? t(`dashboard:devops.op.${c.operation}`)
                    : c.operation}
                </Table.RowHeaderCell>
                <Table.Cell justify="end">{nf.format(c.calls)}</Table.Cell>
                <Table.Cell justify="end">{nf.format(c.failed)}</Table.Cell>
                <Table.Cell justify="end">
                  <Badge color={rateColor(c.successRate)}>{percent(c.successRate)}</Badge>
                </Table.Cell>
                <Table.Cell justify="end">{ms(c.p50Ms)}</Table.Cell>
                <Table.Cell justify="end">{ms(c.p99Ms)}</Table.Cell>
                <Table.Cell justify="end">{ms(c.maxMs)}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      )}
    </Section>
  )
}

function PerMinuteCard({ perMinute }: { perMinute: DevopsFigures['perMinute'] }) {
  const { t, i18n } = useTranslation(['dashboard'])
  const time = new Intl.DateTimeFormat(i18n.language, {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: readUser()?.timezone || undefined,
  })
  const data = perMinute.map((m) => ({
    minute: m.minute,
    label: time.format(new Date(m.minute)),
    ok: m.requests - m.errors,
    errors: m.errors,
  }))
  return (
    <Section title={t('dashboard:devops.perMinute')}>
      <Suspense fallback={<div style={{ height: 200 }} />}>
        <MinuteBars
          data={data}
          label={t('dashboard:devops.perMinute')}
          names={{ ok: t('dashboard:devops.answered'), errors: t('dashboard:devops.errors') }}
        />
      </Suspense>
    </Section>
  )
}

function RoutesCard({ routes }: { routes: DevopsFigures['routes'] }) {
  const { t, i18n } = useTranslation(['dashboard'])
  const nf = new Intl.NumberFormat(i18n.language)
  const percent = usePercent()
  const ms = useMs()
  return (
    <Section title={t('dashboard:devops.routes')}>
      {routes.length === 0 ? (
        <Text size="2" color="gray">
          {t('dashboard:devops.noRequests')}
        </Text>
      ) : (
        <Table.Root size="1">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>{t('dashboard:devops.route')}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell justify="end">
                {t('dashboard:devops.requests')}
              </Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell justify="end">
                {t('dashboard:devops.clientErrors')}
              </Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell justify="end">
                {t('dashboard:devops.serverErrors')}
              </Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell justify="end">
                {t('dashboard:devops.errorRate')}
              </Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell justify="end">
                {t('dashboard:devops.average')}
              </Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell justify="end">
                {t('dashboard:devops.max')}
              </Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {routes.map((r) => (
              <Table.Row key={`${r.method} ${r.route}`}>
                <Table.RowHeaderCell>
                  {r.route === '*' ? (
                    t('dashboard:devops.unmatched')
                  ) : (
                    <Code variant="ghost">
                      {r.method} {r.route}
                    </Code>
                  )}
                </Table.RowHeaderCell>
                <Table.Cell justify="end">{nf.format(r.requests)}</Table.Cell>
                <Table.Cell justify="end">{nf.format(r.clientErrors)}</Table.Cell>
                <Table.Cell justify="end">{nf.format(r.serverErrors)}</Table.Cell>
                <Table.Cell justify="end">
                  <Badge color={r.serverErrors > 0 ? 'red' : r.clientErrors > 0 ? 'amber' : 'gray'}>
                    {percent(r.errorRate)}
                  </Badge>
                </Table.Cell>
                <Table.Cell justify="end">{ms(r.avgMs)}</Table.Cell>
                <Table.Cell justify="end">{ms(r.maxMs)}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      )}
    </Section>
  )
}
