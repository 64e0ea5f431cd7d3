import { Button, DataList, Flex, Heading } from '@radix-ui/themes'
import { Link, useSearch } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { ChangesTable } from '../../components/audit/auditChanges'
import { actionText } from '../../components/audit/auditText'
import { EditRecord, FormPage } from '../../components/form'
import { DateTimeText } from '../../components/format/DateTimeText'
import type { auditEntries } from '../../resources/audit'
import type { RowOf } from '../../resources/kit'
import { ObjectCell } from './AuditListScreen'
import { auditResource } from './resource'

type Entry = RowOf<typeof auditEntries>

function AuditEntryView({ entry }: { entry: Entry }) {
  const { t } = useTranslation(['audit', 'menu'])
  const reason = typeof entry.detail.reason === 'string' ? entry.detail.reason : null
  const rows: [string, ReactNode][] = [
    [t('audit:entry.fields.at'), <DateTimeText key="at" iso={entry.at} />],
    [t('audit:entry.fields.loginName'), entry.loginName],
    [t('audit:entry.fields.ip'), entry.ip],
    [t('audit:entry.fields.action'), actionText(t, entry.action)],
    [t('audit:entry.fields.objectType'), <ObjectCell key="o" entry={entry} />],
    ...(reason ? [[t('audit:detail.reason'), reason] as [string, ReactNode]] : []),
    [t('audit:detail.requestId'), entry.requestId],
  ]
  return (
    <FormPage title={t('menu:audit-log-view')}>
      <Flex direction="column" gap="4">
        <DataList.Root data-testid="audit-entry">
          {rows.map(([label, value]) => (
            <DataList.Item key={label}>
              <DataList.Label>{label}</DataList.Label>
              <DataList.Value>{value}</DataList.Value>
            </DataList.Item>
          ))}
        </DataList.Root>
        <Heading as="h2" size="3">
          {t('audit:detail.changes')}
        </Heading>
        <ChangesTable type={entry.objectType} detail={entry.detail} />
        {entry.userId !== null && (
          <Flex>
            <Button asChild variant="soft">
              <Link
                to={'/main/audit-user-rights' as never}
                search={{ userId: entry.userId } as never}
              >
                {t('audit:rights.open')}
              </Link>
            </Button>
          </Flex>
        )}
      </Flex>
    </FormPage>
  )
}

/** audit-log-view: one entry: who, when, where, what, and a change's fields before and after. */
export function AuditEntryScreen() {
  const { t } = useTranslation(['audit', 'refusals', 'menu'])
  const { id } = useSearch({ strict: false }) as { id?: number }
  return (
    <EditRecord
      id={id}
      query={auditResource.detailQuery}
      title={t('menu:audit-log-view')}
      error={id ? null : new Error(t('refusals:notFound'))}
    >
      {(entry) => (entry ? <AuditEntryView key={entry.id} entry={entry} /> : null)}
    </EditRecord>
  )
}
