import { Badge, Flex, Table, Text } from '@radix-ui/themes'
import { useTranslation } from 'react-i18next'
import { changesOf, type Change } from '../../lib/auditChanges'

/** A list's items added (green, +) and removed (red, −), each by its label. */
function ListChange({ change }: { change: Extract<Change, { kind: 'list' }> }) {
  const { t } = useTranslation(['audit'])
  return (
    <Flex direction="column" gap="1">
      {change.added.length > 0 && (
        <Flex gap="1" wrap="wrap" align="center">
          <Text size="1" color="gray">
            {t('audit:detail.added')}
          </Text>
          {change.added.map((v) => (
            <Badge key={`+${v}`} color="green" variant="soft">
              + {v}
            </Badge>
          ))}
        </Flex>
      )}
      {change.removed.length > 0 && (
        <Flex gap="1" wrap="wrap" align="center">
          <Text size="1" color="gray">
            {t('audit:detail.removed')}
          </Text>
          {change.removed.map((v) => (
            <Badge key={`-${v}`} color="red" variant="soft">
              − {v}
            </Badge>
          ))}
        </Flex>
      )}
    </Flex>
  )
}

/**
 * A change's fields in words (src/lib/auditChanges.ts): only those that changed, each by its
 * label; a value before (red) and after (green); a list as the items added and removed.
 */
export function ChangesTable({ type, detail }: { type: string; detail: Record<string, unknown> }) {
  const { t } = useTranslation(['audit'])
  const rows = changesOf(t, type, detail)
  if (rows.length === 0) {
    return (
      <Text size="2" color="gray">
        {t('audit:detail.noChanges')}
      </Text>
    )
  }
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
            <Table.RowHeaderCell>{r.label}</Table.RowHeaderCell>
            {r.kind === 'value' ? (
              <>
                <Table.Cell>
                  <Text color="red">{r.before}</Text>
                </Table.Cell>
                <Table.Cell>
                  <Text color="green">{r.after}</Text>
                </Table.Cell>
              </>
            ) : (
              <Table.Cell colSpan={2}>
                <ListChange change={r} />
              </Table.Cell>
            )}
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  )
}
