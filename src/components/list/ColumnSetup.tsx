import { Button, DropdownMenu } from '@radix-ui/themes'
import { useTranslation } from 'react-i18next'
import { moveColumn, setVisible, setWidth, WIDTH_STEP, type ColumnPref } from './columnSetup'
import type { Column } from './ListTable'
import type { ColumnSetupState } from './useColumnSetup'

/** The width a column shows now (its saved width, or what the table gave it). */
function shownWidth(id: string, current: ColumnPref[]): number {
  const saved = current.find((p) => p.id === id)?.width
  if (saved !== undefined) return saved
  const th = document.querySelector(`th[data-column-id="${CSS.escape(id)}"]`)
  return th ? th.getBoundingClientRect().width : 150
}

/**
 * The "Columns" menu: show or hide columns, and per column move it left or right, make it
 * wider or narrower, all by keyboard (the header's drag handle is the mouse's way). Every
 * change is saved for this user and screen on the server.
 */
export function ColumnSetup<Row>({
  columns,
  setup,
}: {
  columns: Column<Row>[]
  setup: ColumnSetupState
}) {
  const { t } = useTranslation(['list', 'common'])
  const byId = new Map(columns.map((c) => [c.id, c]))
  const ordered = setup.setup.filter((p) => byId.has(p.id))
  const change = setup.change
  // Items stay open: several changes are usually made at once.
  const keepOpen = (e: Event) => e.preventDefault()
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger>
        <Button size="1" variant="soft" color="gray">
          {t('common:list.columns')}
          <DropdownMenu.TriggerIcon />
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Content data-testid="column-menu">
        <DropdownMenu.Label>{t('common:list.columnsTitle')}</DropdownMenu.Label>
        {ordered.map((pref) => {
          const c = byId.get(pref.id)!
          return (
            <DropdownMenu.CheckboxItem
              key={c.id}
              checked={pref.visible}
              disabled={c.hideable === false}
              onSelect={keepOpen}
              onCheckedChange={(v) => change((cur) => setVisible(cur, c.id, v === true))}
            >
              {c.label}
            </DropdownMenu.CheckboxItem>
          )
        })}
        <DropdownMenu.Separator />
        <DropdownMenu.Label>{t('list:arrange')}</DropdownMenu.Label>
        {ordered.map((pref, i) => {
          const c = byId.get(pref.id)!
          return (
            <DropdownMenu.Sub key={c.id}>
              <DropdownMenu.SubTrigger>{c.label}</DropdownMenu.SubTrigger>
              <DropdownMenu.SubContent aria-label={c.label}>
                <DropdownMenu.Item
                  disabled={i === 0}
                  onSelect={(e) => {
                    keepOpen(e)
                    change((cur) => moveColumn(cur, c.id, -1))
                  }}
                >
                  {t('list:moveLeft')}
                </DropdownMenu.Item>
                <DropdownMenu.Item
                  disabled={i === ordered.length - 1}
                  onSelect={(e) => {
                    keepOpen(e)
                    change((cur) => moveColumn(cur, c.id, 1))
                  }}
                >
                  {t('list:moveRight')}
                </DropdownMenu.Item>
                <DropdownMenu.Separator />
                <DropdownMenu.Item
                  onSelect={(e) => {
                    keepOpen(e)
                    change((cur) => setWidth(cur, c.id, shownWidth(c.id, cur) + WIDTH_STEP))
                  }}
                >
                  {t('list:wider')}
                </DropdownMenu.Item>
                <DropdownMenu.Item
                  onSelect={(e) => {
                    keepOpen(e)
                    change((cur) => setWidth(cur, c.id, shownWidth(c.id, cur) - WIDTH_STEP))
                  }}
                >
                  {t('list:narrower')}
                </DropdownMenu.Item>
                <DropdownMenu.Item
                  disabled={pref.width === undefined}
                  onSelect={(e) => {
                    keepOpen(e)
                    change((cur) => setWidth(cur, c.id, undefined))
                  }}
                >
                  {t('list:defaultWidth')}
                </DropdownMenu.Item>
              </DropdownMenu.SubContent>
            </DropdownMenu.Sub>
          )
        })}
        <DropdownMenu.Separator />
        <DropdownMenu.Item onSelect={setup.reset}>{t('list:resetColumns')}</DropdownMenu.Item>
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  )
}
