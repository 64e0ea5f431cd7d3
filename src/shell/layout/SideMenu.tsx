import { IconButton, ScrollArea, Text, Tooltip } from '@radix-ui/themes'
import { Link } from '@tanstack/react-router'
import { useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { FlatMenuEntry, MenuEntry } from '../../lib/menus'
import { menuLabel, type MenuModel } from '../../lib/menuModel'
import { MORE_MENU_ID } from '../../lib/screens'
import { Icon } from '../icons'
import { useClearRecent, usePinMenu } from '../menus/mutations'

interface Props {
  model: MenuModel
  current: FlatMenuEntry | undefined
  onMore: () => void
}

/** What the side menu lists: visible pages and the groups holding them, never forms. */
const visible = (e: MenuEntry) => !e.isHidden && e.category !== 'form'

function hasVisiblePage(e: MenuEntry): boolean {
  if (!visible(e)) return false
  if (e.category !== 'group') return !!e.url
  return e.subMenuList.some(hasVisiblePage)
}

/**
 * The server's menus (spec §3): pinned pages, recently used pages (at most 5), the
 * administration tree (adminList) with expandable groups, and the system list (sysList) ending
 * with More, which opens the pin chooser.
 */
export function SideMenu({ model, current, onMore }: Props) {
  const { t } = useTranslation('shell')
  const pin = usePinMenu()
  const clearRecent = useClearRecent()
  return (
    <nav id="vcc-side-menu" aria-label={t('menu.navLabel')} className="vcc-side">
      <ScrollArea scrollbars="vertical">
        <div className="vcc-side-inner">
          {model.pinned.length > 0 && (
            <Section title={t('menu.pinned')} id="pinned">
              {model.pinned.map((e) => (
                <PageLink
                  key={e.menuId}
                  entry={e}
                  icon="pin"
                  trailing={(label) => (
                    <Tooltip content={t('menu.unpin', { name: label })}>
                      <IconButton
                        size="1"
                        variant="ghost"
                        color="gray"
                        className="vcc-menu-aside"
                        aria-label={t('menu.unpin', { name: label })}
                        onClick={() => pin.mutate({ menuId: e.menuId, pinned: false })}
                      >
                        <Icon name="close" size={12} />
                      </IconButton>
                    </Tooltip>
                  )}
                />
              ))}
            </Section>
          )}
          {model.recent.length > 0 && (
            <Section
              title={t('menu.recent')}
              id="recent"
              action={
                <Tooltip content={t('menu.clearRecent')}>
                  <IconButton
                    size="1"
                    variant="ghost"
                    color="gray"
                    aria-label={t('menu.clearRecent')}
                    onClick={() => clearRecent.mutate()}
                  >
                    <Icon name="close" size={12} />
                  </IconButton>
                </Tooltip>
              }
            >
              {model.recent.map((e) => (
                <PageLink key={e.menuId} entry={e} icon="clock" />
              ))}
            </Section>
          )}
          <Section title={t('menu.all')} id="all">
            {model.adminList.filter(hasVisiblePage).map((e) => (
              <TreeItem key={e.menuId} entry={e} current={current} />
            ))}
          </Section>
          <Section title={t('menu.system')} id="system">
            {model.sysList.map((e) =>
              e.menuId === MORE_MENU_ID ? (
                <li key={e.menuId}>
                  <MoreButton entry={e} onClick={onMore} />
                </li>
              ) : hasVisiblePage(e) ? (
                <TreeItem key={e.menuId} entry={e} current={current} />
              ) : null,
            )}
          </Section>
        </div>
      </ScrollArea>
    </nav>
  )
}

function Section(props: { title: string; id: string; action?: ReactNode; children: ReactNode }) {
  const headingId = `vcc-menu-${props.id}`
  return (
    <section aria-labelledby={headingId} className="vcc-menu-section">
      <div className="vcc-menu-heading">
        <Text as="p" size="1" weight="medium" color="gray" id={headingId}>
          {props.title}
        </Text>
        {props.action}
      </div>
      <ul role="list">{props.children}</ul>
    </section>
  )
}

function PageLink({
  entry,
  icon,
  trailing,
}: {
  entry: MenuEntry
  icon?: string
  trailing?: (label: string) => ReactNode
}) {
  const { i18n } = useTranslation()
  const label = menuLabel(entry, i18n.language)
  const enabled = entry.disabled === '0'
  return (
    <li className="vcc-menu-row">
      {enabled ? (
        <Link
          to={entry.url as never}
          className="vcc-menu-link"
          activeOptions={{ exact: true, includeSearch: false }}
          activeProps={{ 'aria-current': 'page' }}
        >
          <Icon name={icon ?? entry.icon} />
          <span className="vcc-menu-label">{label}</span>
        </Link>
      ) : (
        <span className="vcc-menu-link" aria-disabled="true">
          <Icon name={icon ?? entry.icon} />
          <span className="vcc-menu-label">{label}</span>
        </span>
      )}
      {trailing?.(label)}
    </li>
  )
}

function containsEntry(group: MenuEntry, id: number | undefined): boolean {
  return group.subMenuList.some((c) => c.menuId === id || containsEntry(c, id))
}

function TreeItem({ entry, current }: { entry: MenuEntry; current: FlatMenuEntry | undefined }) {
  const { i18n } = useTranslation()
  // Groups open by default: a short menu reads better whole; the user folds what they like.
  const [open, setOpen] = useState(true)
  if (entry.category !== 'group') return <PageLink entry={entry} />
  const listId = `vcc-group-${entry.menuId}`
  const holdsCurrent = containsEntry(entry, current?.menuId)
  return (
    <li>
      <button
        type="button"
        className="vcc-menu-link vcc-menu-group"
        aria-expanded={open}
        aria-controls={listId}
        data-current={holdsCurrent || undefined}
        onClick={() => setOpen(!open)}
      >
        <Icon name={entry.icon} />
        <span className="vcc-menu-label">{menuLabel(entry, i18n.language)}</span>
        <Icon name={open ? 'chevronDown' : 'chevronRight'} size={12} />
      </button>
      <ul role="list" id={listId} hidden={!open} className="vcc-menu-children">
        {entry.subMenuList.filter(hasVisiblePage).map((c) => (
          <TreeItem key={c.menuId} entry={c} current={current} />
        ))}
      </ul>
    </li>
  )
}

function MoreButton({ entry, onClick }: { entry: MenuEntry; onClick: () => void }) {
  const { i18n } = useTranslation()
  return (
    <button
      type="button"
      className="vcc-menu-link"
      aria-haspopup="dialog"
      onClick={onClick}
      data-testid="menu-more"
    >
      <Icon name={entry.icon} />
      <span className="vcc-menu-label">{menuLabel(entry, i18n.language)}</span>
    </button>
  )
}
