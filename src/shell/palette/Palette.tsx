import { Dialog, Kbd, VisuallyHidden } from '@radix-ui/themes'
import { Command, useCommandState } from 'cmdk'
import { useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { MenuModel } from '../../lib/menuModel'
import { Icon } from '../icons'
import { useCurrentScreenActions } from '../screenActions'
import { shortcutById } from '../shortcuts'
import { usePinyinKeywords } from './pinyin'
import { pageItem, type PaletteItem } from './items'
import { rankGroups } from './rank'
import { useShellActions, type ShellActionHandlers } from './useShellActions'

interface Props extends ShellActionHandlers {
  open: boolean
  onOpenChange: (open: boolean) => void
  model: MenuModel
}

/**
 * Mod+K (DESIGN §7): every permitted page (found by its name in either language), the pinned
 * and recent pages, the current screen's actions and the console's own, each with the registry
 * shortcut that does the same.
 */
export function Palette({ open, onOpenChange, model, ...handlers }: Props) {
  const { t, i18n } = useTranslation('shell')
  const [search, setSearch] = useState('')
  const screenActions = useCurrentScreenActions()
  const shellActions = useShellActions(model, handlers)
  const go = (url: string) => handlers.openPath(url)
  const lang = i18n.language
  const pinyin = usePinyinKeywords()

  const close = (next: boolean) => {
    onOpenChange(next)
    if (!next) setSearch('')
  }
  const run = (item: PaletteItem) => {
    close(false)
    // After the dialog has let go of focus, so the action can move it (a form, a dialog).
    requestAnimationFrame(() => item.run())
  }

  // While searching, a page is listed once (under Pages, which holds every permitted page);
  // pinned and recent are shortcuts for the empty palette.
  const searching = search.trim() !== ''
  const declared: { id: string; heading: string; items: PaletteItem[] }[] = [
    {
      id: 'screen',
      heading: t('palette.screen'),
      items: screenActions.map((a) => ({
        id: `screen:${a.id}`,
        label: a.label,
        keywords: [a.label, a.id],
        shortcut: a.shortcut,
        disabled: a.disabled,
        run: a.run,
      })),
    },
    {
      id: 'pinned',
      heading: t('palette.pinned'),
      items: searching ? [] : model.pinned.map((e) => pageItem('pinned', e, lang, go)),
    },
    {
      id: 'recent',
      heading: t('palette.recent'),
      items: searching ? [] : model.recent.map((e) => pageItem('recent', e, lang, go)),
    },
    {
      id: 'pages',
      heading: t('palette.pages'),
      items: model.pages.map((e) => pageItem('page', e, lang, go)),
    },
    { id: 'shell', heading: t('palette.shell'), items: shellActions },
  ]
  const groups = rankGroups(declared, search, (item) => pinyin.withPinyin(item.keywords))

  return (
    <Dialog.Root open={open} onOpenChange={close}>
      <Dialog.Content
        className="vcc-palette"
        maxWidth="640px"
        align="start"
        aria-describedby={undefined}
        data-testid="palette"
      >
        <VisuallyHidden>
          <Dialog.Title>{t('palette.title')}</Dialog.Title>
        </VisuallyHidden>
        <Command label={t('palette.title')} shouldFilter={false} loop>
          <div className="vcc-palette-input">
            <Icon name="search" />
            <Command.Input
              value={search}
              onValueChange={setSearch}
              placeholder={t('palette.placeholder')}
              aria-label={t('palette.placeholder')}
            />
          </div>
          <div className="vcc-palette-results">
            <Command.Empty className="vcc-palette-empty">{t('palette.empty')}</Command.Empty>
            <ResultList>
              {groups
                .filter((g) => g.items.length > 0)
                .map((g) => (
                  <Command.Group key={g.id} heading={g.heading}>
                    {g.items.map((item) => (
                      <Command.Item
                        key={`${item.id}:${pinyin.ready}`}
                        value={item.id}
                        disabled={item.disabled}
                        onSelect={() => run(item)}
                      >
                        <Icon name={item.icon ?? 'chevronRight'} />
                        <span className="vcc-palette-label">{item.label}</span>
                        {item.shortcut && (
                          <Kbd size="1">{shortcutById.get(item.shortcut)!.display}</Kbd>
                        )}
                      </Command.Item>
                    ))}
                  </Command.Group>
                ))}
            </ResultList>
          </div>
        </Command>
      </Dialog.Content>
    </Dialog.Root>
  )
}

/**
 * The listbox of results, hidden while nothing matches: an empty listbox is not a valid one
 * (no options), and "Nothing found." says it better.
 */
function ResultList({ children }: { children: ReactNode }) {
  const count = useCommandState((state) => state.filtered.count)
  return (
    <Command.List className="vcc-palette-list" hidden={count === 0}>
      {children}
    </Command.List>
  )
}
