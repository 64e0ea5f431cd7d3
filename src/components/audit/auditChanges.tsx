import { Table, Text } from '@radix-ui/themes'
import { useTranslation } from 'react-i18next'
import { changesOf, fieldText, valueText } from './auditText'

/** A change's fields as a readable diff: field label, before, after. */
export function ChangesTable({ type, detail }: { type: string; detail: Record<string, unknown> }) {
  const { t, i18n } = useTranslation(['audit'])
  const rows = changesOf(detail)
  if (rows.length === 0) {
    return (
      <Text size="2" color="gray">
        {t('audit:detail.noChanges')}
      </Text>
    )
  }
  const exists = (key: string) => i18n.exists(key)
  return (
    <Table.Root size="1" variant="surface" data-testid="audit-changes">
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeaderCell>{t('audit:detail.field')}</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>{t('audit:detail.before')}</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>{t('audit:detail.after')}</Table.ColumnHeaderCell>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {rows.map((r) => (
          <Table.Row key={r.name}>
            <Table.RowHeaderCell>{fieldText(t, exists, type, r.name)}</Table.RowHeaderCell>
            <Table.Cell>
              <Text color="red">{valueText(t, r.before)}</Text>
            </Table.Cell>
            <Table.Cell>
              <Text color="green">{valueText(t, r.after)}</Text>
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  )
}
