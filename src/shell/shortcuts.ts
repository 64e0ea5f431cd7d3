/**
 * The one shortcut registry: it feeds the key bindings (useShortcut), the palette's hints and
 * the `?` cheat sheet. Keys use react-hotkeys-hook syntax; "g>d" style entries are sequences
 * (press g, then d). Labels are `shell:shortcut.<id>` keys.
 */
export type ShortcutScope = 'global' | 'list' | 'dialog'

export interface Shortcut {
  id: string
  /** react-hotkeys-hook key string. */
  keys: string
  /** How the cheat sheet and palette show it. */
  display: string
  scope: ShortcutScope
}

export const SHORTCUTS = [
  { id: 'palette', keys: 'mod+k', display: '⌘/Ctrl K', scope: 'global' },
  { id: 'cheatSheet', keys: 'shift+slash', display: '?', scope: 'global' },
  { id: 'goDashboard', keys: 'g>d', display: 'G D', scope: 'global' },
  { id: 'goProfile', keys: 'g>p', display: 'G P', scope: 'global' },
  { id: 'nextTab', keys: 'alt+period', display: 'Alt .', scope: 'global' },
  { id: 'prevTab', keys: 'alt+comma', display: 'Alt ,', scope: 'global' },
  { id: 'closeTab', keys: 'alt+w', display: 'Alt W', scope: 'global' },
  { id: 'toggleMenu', keys: 'alt+m', display: 'Alt M', scope: 'global' },
  { id: 'listDown', keys: 'j', display: 'J', scope: 'list' },
  { id: 'listUp', keys: 'k', display: 'K', scope: 'list' },
  { id: 'listSelect', keys: 'x', display: 'X', scope: 'list' },
  { id: 'listOpen', keys: 'enter', display: 'Enter', scope: 'list' },
  { id: 'listNew', keys: 'n', display: 'N', scope: 'list' },
  { id: 'listEdit', keys: 'e', display: 'E', scope: 'list' },
  { id: 'listDelete', keys: 'shift+d', display: 'Shift D', scope: 'list' },
  { id: 'listFilter', keys: 'slash', display: '/', scope: 'list' },
  { id: 'listNextPage', keys: 'shift+period', display: 'Shift .', scope: 'list' },
  { id: 'listPrevPage', keys: 'shift+comma', display: 'Shift ,', scope: 'list' },
  { id: 'listColumnLeft', keys: 'h', display: 'H', scope: 'list' },
  { id: 'listColumnRight', keys: 'l', display: 'L', scope: 'list' },
  { id: 'listSort', keys: 's', display: 'S', scope: 'list' },
  { id: 'closeDialog', keys: 'escape', display: 'Esc', scope: 'dialog' },
] as const satisfies readonly Shortcut[]

export type ShortcutId = (typeof SHORTCUTS)[number]['id']

export const shortcutById = new Map<ShortcutId, Shortcut>(SHORTCUTS.map((s) => [s.id, s]))
