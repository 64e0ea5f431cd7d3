import { Badge, Button, DataList, Flex, Heading, Table, Text } from '@radix-ui/themes'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate, useSearch } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { call, ApiError } from '../../api/client'
import { EditRecord, FormPage } from '../../components/form'
import { DateTimeText } from '../../components/format/DateTimeText'
import { toast } from '../../components/feedback/toast'
import { useScreenButtons } from '../../components/permissions/useButtons'
import type { RowOf } from '../../resources/kit'
import type { sendRecords } from '../../resources/sendRecords'
import { sentTemplateLabel } from '../../lib/mailEvents'
import { sendRecordResource } from './resource'
import { STATUS_COLORS } from './SendRecordListScreen'

type Record = RowOf<typeof sendRecords>

function Attempts({ id }: { id: number }) {
  const { t } = useTranslation(['outbox'])
  const attempts = useQuery({
    queryKey: ['mail', 'attempts', id],
    queryFn: () => call('/send-record/attempts', { id }),
  })
  return (
    <Table.Root size="1" data-testid="send-attempts">
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeaderCell>{t('sendRecord.attemptNumber')}</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>{t('sendRecord.attemptAt')}</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>{t('sendRecord.attemptOutcome')}</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>{t('sendRecord.attemptAnswer')}</Table.ColumnHeaderCell>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {(attempts.data ?? []).map((a) => (
          <Table.Row key={a.number}>
            <Table.Cell>{a.number}</Table.Cell>
            <Table.Cell>
              <DateTimeText iso={a.startedAt} />
            </Table.Cell>
            <Table.Cell>
              {a.outcome
                ? t(`sendRecord.outcomeValue.${a.outcome}`)
                : t('sendRecord.statusValue.sending')}
            </Table.Cell>
            <Table.Cell>{a.answer ?? '—'}</Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  )
}

function SendRecordView({ record }: { record: Record }) {
  const { t } = useTranslation(['outbox', 'common', 'menu'])
  const navigate = useNavigate()
  const queries = useQueryClient()
  const perms = useScreenButtons('send-record', ['resend'])
  const resend = useMutation({
    mutationFn: () => call('/send-record/resend', { id: record.id }),
    onSuccess: async (made) => {
      await queries.invalidateQueries({ queryKey: ['mail'] })
      toast.success(t('sendRecord.resent'))
      await navigate({ to: '/main/send-record-view', search: { id: made.id } } as never)
    },
    onError: (e) => toast.error(e instanceof ApiError ? e.message : String(e)),
  })
  const rows: [string, ReactNode][] = [
    [t('sendRecord.to'), record.to],
    [t('sendRecord.template'), sentTemplateLabel(t, record.template)],
    [t('sendRecord.templateVersion'), record.templateVersion ?? '—'],
    [t('sendRecord.language'), record.language],
    [t('sendRecord.subject'), record.subject],
    [
      t('sendRecord.status'),
      <Badge key="s" color={STATUS_COLORS[record.status]} variant="soft" highContrast>
        {t(`sendRecord.statusValue.${record.status}`)}
      </Badge>,
    ],
    [t('sendRecord.account'), record.account ?? t('sendRecord.platformDefault')],
    [t('sendRecord.createdAt'), <DateTimeText key="c" iso={record.createdAt} />],
    [t('sendRecord.sentAt'), record.sentAt ? <DateTimeText key="a" iso={record.sentAt} /> : '—'],
    [t('sendRecord.messageId'), record.messageId ?? '—'],
    [t('sendRecord.resendOf'), record.resendOf ?? '—'],
    [t('sendRecord.error'), record.error ?? '—'],
  ]
  const finished = record.status === 'sent' || record.status === 'failed'
  return (
    <FormPage title={t('menu:send-record-view')}>
      <Flex direction="column" gap="4">
        <DataList.Root data-testid="send-record-view">
          {rows.map(([label, value]) => (
            <DataList.Item key={label}>
              <DataList.Label>{label}</DataList.Label>
              <DataList.Value>{value}</DataList.Value>
            </DataList.Item>
          ))}
        </DataList.Root>
        <Heading as="h2" size="3">
          {t('sendRecord.body')}
        </Heading>
        <Text as="p" style={{ whiteSpace: 'pre-wrap' }}>
          {record.body}
        </Text>
        <Heading as="h2" size="3">
          {t('sendRecord.attempts')}
        </Heading>
        <Attempts id={record.id} />
        {perms.can('resend') && finished && (
          <Flex>
            <Button onClick={() => resend.mutate()} loading={resend.isPending}>
              {t('sendRecord.resend')}
            </Button>
          </Flex>
        )}
      </Flex>
    </FormPage>
  )
}

/** send-record-view: one mail, its redacted text and every attempt; resend when finished. */
export function SendRecordViewScreen() {
  const { t } = useTranslation(['outbox', 'refusals', 'menu'])
  const { id } = useSearch({ strict: false }) as { id?: number }
  return (
    <EditRecord
      id={id}
      query={sendRecordResource.detailQuery}
      title={t('menu:send-record-view')}
      error={id ? null : new Error(t('refusals:sendRecord.notFound'))}
    >
      {(record) => (record ? <SendRecordView key={record.id} record={record} /> : null)}
    </EditRecord>
  )
}
