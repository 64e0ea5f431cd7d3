import { Badge, Button, Code, DataList, Flex, Grid, Heading, Table, Text } from '@radix-ui/themes'
import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { readUser } from '../../api/storage'
import { ErrorNotice } from '../../components/feedback/ErrorNotice'
import { formatDateTime } from '../../lib/dateTime'
import type { SystemInformation } from '../../resources/systemInformation'
import { useQueueName } from './DevopsScreen'
import { Section } from './Section'
import { systemInformationQuery } from './devopsApi'

type Info = SystemInformation

function useFormats() {
  const { i18n } = useTranslation()
  const tz = readUser()?.timezone
  const bytes = new Intl.NumberFormat(i18n.language, {
    style: 'unit',
    unit: 'megabyte',
    maximumFractionDigits: 1,
  })
  return {
    when: (iso: string | null) => (iso ? formatDateTime(iso, { timeZone: tz }) : '—'),
    mb: (n: number) => bytes.format(n / 1_048_576),
  }
}

/**
 * opt-information: version and build, every live instance, the database, the job queues, the
 * mail outbox and the channels — read when opened (docs/devops.md, "opt-information").
 */
export function SystemInformationScreen() {
  const { t } = useTranslation(['modules', 'common'])
  const info = useQuery(systemInformationQuery())
  const s = info.data
  const f = useFormats()
  return (
    <Flex direction="column" gap="4" p="4">
      <Flex justify="between" align="start" gap="3" wrap="wrap">
        <Flex direction="column" gap="1">
          <Heading as="h1" size="6">
            {t('modules:info.title')}
          </Heading>
          {s ? (
            <Text color="gray" size="2">
              {t('modules:info.lead', { at: f.when(s.at) })}
            </Text>
          ) : null}
        </Flex>
        <Button variant="soft" onClick={() => void info.refetch()} loading={info.isFetching}>
          {t('modules:info.refresh')}
        </Button>
      </Flex>
      {info.error ? <ErrorNotice error={info.error} /> : null}
      {s ? (
        <>
          <Grid columns={{ initial: '1', md: '2' }} gap="4">
            <BuildCard build={s.build} />
            <DatabaseCard database={s.database} />
          </Grid>
          <InstancesCard instances={s.instances} />
          <Grid columns={{ initial: '1', md: '2' }} gap="4">
            <OutboxCard outbox={s.outbox} />
            <ChannelsCard channels={s.channels} />
          </Grid>
          <QueuesCard queues={s.queues} />
        </>
      ) : info.isPending ? (
        <Text color="gray">{t('common:loading')}</Text>
      ) : null}
    </Flex>
  )
}

function Facts({ items }: { items: [string, ReactNode][] }) {
  return (
    <DataList.Root size="2">
      {items.map(([label, value]) => (
        <DataList.Item key={label}>
          <DataList.Label minWidth="140px">{label}</DataList.Label>
          <DataList.Value>{value}</DataList.Value>
        </DataList.Item>
      ))}
    </DataList.Root>
  )
}

function BuildCard({ build }: { build: Info['build'] }) {
  const { t } = useTranslation(['modules'])
  const f = useFormats()
  return (
    <Section title={t('modules:info.build')}>
      <Facts
        items={[
          [t('modules:info.version'), build.version],
          [
            t('modules:info.commit'),
            build.commit ? <Code>{build.commit.slice(0, 12)}</Code> : t('modules:info.notBuilt'),
          ],
          [
            t('modules:info.builtAt'),
            build.builtAt ? f.when(build.builtAt) : t('modules:info.notBuilt'),
          ],
          [t('modules:info.node'), build.node],
        ]}
      />
    </Section>
  )
}

function DatabaseCard({ database: d }: { database: Info['database'] }) {
  const { t } = useTranslation(['modules'])
  const f = useFormats()
  return (
    <Section title={t('modules:info.database')}>
      <Facts
        items={[
          [t('modules:info.kind'), t(`modules:info.kinds.${d.kind}`)],
          [t('modules:info.dbVersion'), <Text size="1">{d.version}</Text>],
          [t('modules:info.size'), f.mb(d.sizeBytes)],
          [t('modules:info.migrations'), d.migrations],
          [t('modules:info.lastMigration'), f.when(d.lastMigrationAt)],
        ]}
      />
    </Section>
  )
}

function InstancesCard({ instances }: { instances: Info['instances'] }) {
  const { t } = useTranslation(['modules'])
  const f = useFormats()
  return (
    <Section title={t('modules:info.instances')}>
      <Table.Root size="1" data-testid="instances">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeaderCell>{t('modules:info.host')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>{t('modules:info.pid')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>{t('modules:info.version')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>{t('modules:info.startedAt')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>{t('modules:info.seenAt')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>{t('modules:info.memory')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>{t('modules:info.connections')}</Table.ColumnHeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {instances.map((i) => (
            <Table.Row key={i.id}>
              <Table.RowHeaderCell>
                <Flex gap="2" align="center">
                  {i.host}
                  {i.self ? <Badge variant="soft">{t('modules:info.this')}</Badge> : null}
                </Flex>
              </Table.RowHeaderCell>
              <Table.Cell>{i.pid}</Table.Cell>
              <Table.Cell>{i.version}</Table.Cell>
              <Table.Cell>{f.when(i.startedAt)}</Table.Cell>
              <Table.Cell>{f.when(i.seenAt)}</Table.Cell>
              <Table.Cell>
                {f.mb(i.rssBytes)} / {f.mb(i.heapUsedBytes)}
              </Table.Cell>
              <Table.Cell>
                {i.dbConnections} / {i.dbIdle}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Section>
  )
}

function QueuesCard({ queues }: { queues: Info['queues'] }) {
  const { t } = useTranslation(['modules'])
  const queueName = useQueueName()
  return (
    <Section title={t('modules:info.queues')}>
      <Table.Root size="1">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeaderCell>{t('modules:info.queue')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>{t('modules:info.waiting')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>{t('modules:info.active')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>{t('modules:info.failed')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>{t('modules:info.deadLettered')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>{t('modules:info.oldest')}</Table.ColumnHeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {queues.map((q) => (
            <Table.Row key={q.queue}>
              <Table.RowHeaderCell>{queueName(q.queue)}</Table.RowHeaderCell>
              <Table.Cell>{q.waiting}</Table.Cell>
              <Table.Cell>{q.active}</Table.Cell>
              <Table.Cell>{q.failed}</Table.Cell>
              <Table.Cell>{q.deadLettered}</Table.Cell>
              <Table.Cell>
                {q.oldestWaitingSeconds === null
                  ? t('modules:info.none')
                  : t('modules:info.seconds', { value: q.oldestWaitingSeconds })}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Section>
  )
}

function OutboxCard({ outbox }: { outbox: Info['outbox'] }) {
  const { t } = useTranslation(['modules'])
  return (
    <Section title={t('modules:info.outbox')}>
      {outbox.length ? (
        <Facts
          items={outbox.map((o) => [
            t(`modules:info.statuses.${o.status}`, { defaultValue: o.status }),
            o.count,
          ])}
        />
      ) : (
        <Text color="gray">{t('modules:info.noMail')}</Text>
      )}
    </Section>
  )
}

function ChannelsCard({ channels }: { channels: Info['channels'] }) {
  const { t } = useTranslation(['modules'])
  return (
    <Section title={t('modules:info.channels')}>
      <Table.Root size="1">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeaderCell>{t('modules:info.channel')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>{t('modules:info.state')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>{t('modules:info.calls')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>{t('modules:info.failures')}</Table.ColumnHeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {channels.map((c) => (
            <Table.Row key={c.code}>
              <Table.RowHeaderCell>{c.name}</Table.RowHeaderCell>
              <Table.Cell>
                <Badge color={c.active ? 'green' : 'gray'} variant="soft">
                  {c.active ? t('modules:info.on') : t('modules:info.off')}
                </Badge>
              </Table.Cell>
              <Table.Cell>{c.calls}</Table.Cell>
              <Table.Cell>{c.failed}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Section>
  )
}
