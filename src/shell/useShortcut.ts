import { useHotkeys } from 'react-hotkeys-hook'
import { shortcutById, type ShortcutId } from './shortcuts'

export interface ShortcutOptions {
  /** Off while false (e.g. a list that is loading, a screen in the background). */
  enabled?: boolean
  /**
   * Fire while typing in a field. By default only chords with a modifier do (Mod+K must open
   * the palette from a search box), so plain keys like "j" or "g d" stay text.
   */
  enableOnFormTags?: boolean
  /** Stop the browser's own use of the keys (default: true for chords with a modifier). */
  preventDefault?: boolean
}

const hasModifier = (keys: string) => /(^|\+)(mod|ctrl|alt|meta)\+/.test(keys)

/**
 * Binds a shortcut of the registry (src/shell/shortcuts.ts) by its id: the keys live in one
 * place, so the bindings, the palette's hints and the `?` cheat sheet never disagree.
 */
export function useShortcut(
  id: ShortcutId,
  handler: (event: KeyboardEvent) => void,
  options: ShortcutOptions = {},
): void {
  const shortcut = shortcutById.get(id)!
  const chord = hasModifier(shortcut.keys)
  useHotkeys(shortcut.keys, (event) => handler(event), {
    enabled: options.enabled ?? true,
    enableOnFormTags: options.enableOnFormTags ?? chord,
    preventDefault: options.preventDefault ?? chord,
    description: id,
  })
}
