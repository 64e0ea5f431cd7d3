import { Button, DropdownMenu } from '@radix-ui/themes'
import { useTranslation } from 'react-i18next'
import type { Column } from './ListTable'
import type { ListState } from './useList'

/** Show or hide columns; the choice is kept per screen in this browser. */
export function ColumnSetup<Row>({
  list,
  columns,
}: {
  list: ListState<Row>
  columns: Column<Row>[]
}) {
  const { t } = useTranslation()
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger>
        <Button size="1" variant="soft" color="gray">
          {t('common:list.columns')}
          <DropdownMenu.TriggerIcon />
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Content>
        <DropdownMenu.Label>{t('common:list.columnsTitle')}</DropdownMenu.Label>
        {columns.map((c) => (
          <DropdownMenu.CheckboxItem
            key={c.id}
            checked={c.hideable === false || !list.columns.hidden.has(c.id)}
            disabled={c.hideable === false}
            // Stay open: several columns are usually changed at once.
            onSelect={(e) => e.preventDefault()}
            onCheckedChange={(v) => list.columns.toggle(c.id, v === true)}
          >
            {c.label}
          </DropdownMenu.CheckboxItem>
        ))}
        <DropdownMenu.Separator />
        <DropdownMenu.Item onSelect={list.columns.reset}>
          {t('common:list.columnsReset')}
        </DropdownMenu.Item>
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  )
}
