import { Badge } from '@radix-ui/themes'
import { getRouteApi, useNavigate } from '@tanstack/react-router'
import { useCallback, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { DateTimeText } from '../../components/format/DateTimeText'
import { ListLayout, type Column, type FilterField } from '../../components/list'
import { useResourceList } from '../../components/resource/useResourceList'
import type { RowOf } from '../../resources/kit'
import type { sendRecords } from '../../resources/sendRecords'
import {
  MAIL_LANGUAGES,
  sentTemplateLabel,
  TEMPLATE_OF_SENT,
  type MailLanguage,
} from '../../lib/mailEvents'
import { SEND_STATUSES } from '../../resources/sendRecords'
import { sendRecordResource } from './resource'

const route = getRouteApi('/main/send-record')
type Record = RowOf<typeof sendRecords>

const STATUS_COLORS = {
  queued: 'gray',
  sending: 'blue',
  sent: 'green',
  failed: 'red',
  expired: 'amber',
} as const

/** A record's status as a coloured word (the list and the view). */
export function SendStatus({ status }: { status: Record['status'] }) {
  const { t } = useTranslation(['outbox'])
  return (
    <Badge color={STATUS_COLORS[status]} variant="soft" highContrast>
      {t(`sendRecord.statusValue.${status}`)}
    </Badge>
  )
}

/** send-record: every mail the product sends, newest first; Enter opens its attempts. */
export function SendRecordListScreen() {
  const { t } = useTranslation(['outbox', 'common', 'mailTemplate'])
  const navigate = useNavigate()
  const openView = useCallback(
    (row?: Record) =>
      row && navigate({ to: '/main/send-record-view', search: { id: row.id } } as never),
    [navigate],
  )
  const screen = useResourceList({
    client: sendRecordResource,
    search: route.useSearch(),
    openForm: openView,
  })
  // Records are written by the outbox only: no add, edit or delete here.
  const actions = useMemo(
    () => screen.layout.actions.filter((a) => a.id === 'export'),
    [screen.layout.actions],
  )
  // The event, status and language are picked by their names, never typed as codes.
  const filters = useMemo<FilterField[]>(() => {
    const choices: Partial<{ [name: string]: { value: string; label: string }[] }> = {
      template: [...Object.keys(TEMPLATE_OF_SENT), 'email-account.test'].map((value) => ({
        value,
        label: sentTemplateLabel(t, value),
      })),
      status: SEND_STATUSES.map((value) => ({
        value,
        label: t(`sendRecord.statusValue.${value}`),
      })),
      language: MAIL_LANGUAGES.map((value) => ({
        value,
        label: t(`mailTemplate:languages.${value}`),
      })),
    }
    return screen.layout.filters.map((f) => {
      const options = choices[f.name]
      return options ? { name: f.name, label: f.label, kind: 'choice', options } : f
    })
  }, [screen.layout.filters, t])
  const columns = useMemo<Column<Record>[]>(
    () => [
      {
        id: 'createdAt',
        label: t('sendRecord.fields.createdAt'),
        sortField: 'createdAt',
        width: 180,
        render: (r) => <DateTimeText iso={r.createdAt} />,
      },
      {
        id: 'to',
        label: t('sendRecord.to'),
        sortField: 'to',
        hideable: false,
        render: (r) => r.to,
      },
      {
        id: 'template',
        label: t('sendRecord.template'),
        render: (r) => sentTemplateLabel(t, r.template),
      },
      {
        id: 'language',
        label: t('sendRecord.language'),
        render: (r) => t(`mailTemplate:languages.${r.language as MailLanguage}`),
      },
      { id: 'subject', label: t('sendRecord.subject'), render: (r) => r.subject },
      {
        id: 'status',
        label: t('sendRecord.status'),
        render: (r) => <SendStatus status={r.status} />,
      },
      { id: 'attempts', label: t('sendRecord.attempts'), render: (r) => r.attempts },
      {
        id: 'account',
        label: t('sendRecord.account'),
        render: (r) => r.account ?? t('sendRecord.platformDefault'),
      },
    ],
    [t],
  )
  return (
    <>
      <ListLayout
        {...screen.layout}
        actions={actions}
        filters={filters}
        columns={columns}
        rowLabel={(r) => r.to}
      />
      {screen.exportDialog}
    </>
  )
}
