import { Button, Table, Text } from '@radix-ui/themes'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { call, ApiError } from '../../api/client'
import { DateTimeText } from '../../components/format/DateTimeText'
import { toast } from '../../components/feedback/toast'
import { resourceViewScreen } from '../../components/resource/ResourceView'
import { sentTemplateLabel } from '../../lib/mailEvents'
import { sendRecordResource } from './resource'
import { SendStatus } from './SendRecordListScreen'

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

/** Sends the mail again as a new record, and opens that record. */
function Resend({ id }: { id: number }) {
  const { t } = useTranslation(['outbox'])
  const navigate = useNavigate()
  const queries = useQueryClient()
  const resend = useMutation({
    mutationFn: () => call('/send-record/resend', { id }),
    onSuccess: async (made) => {
      await queries.invalidateQueries({ queryKey: ['mail'] })
      toast.success(t('sendRecord.resent'))
      await navigate({ to: '/main/send-record-view', search: { id: made.id } } as never)
    },
    onError: (e) => toast.error(e instanceof ApiError ? e.message : String(e)),
  })
  return (
    <Button onClick={() => resend.mutate()} loading={resend.isPending}>
      {t('sendRecord.resend')}
    </Button>
  )
}

/** send-record-view (?id=): one mail, its redacted text and every attempt; resend when finished. */
export const SendRecordViewScreen = resourceViewScreen({
  client: sendRecordResource,
  title: 'menu:send-record-view',
  display: {
    // The event's name in the reader's language now (the row's label is the request's).
    templateLabel: (r, t) => sentTemplateLabel(t, r.template),
    status: (r) => <SendStatus status={r.status} />,
    account: (r, t) => r.account ?? t('outbox:sendRecord.platformDefault'),
  },
  back: 'outbox:sendRecord.back',
  sections: [
    {
      title: 'outbox:sendRecord.body',
      body: (r) => (
        <Text as="p" style={{ whiteSpace: 'pre-wrap' }}>
          {r.body}
        </Text>
      ),
    },
    { title: 'outbox:sendRecord.attempts', body: (r) => <Attempts id={r.id} /> },
  ],
  actions: (r, can) =>
    can('resend') && (r.status === 'sent' || r.status === 'failed') ? <Resend id={r.id} /> : null,
})
