/** Spec §3: the show-menu flag, kept in the browser; the menu shows until the user hides it. */
import { useSyncExternalStore } from 'react'
import { readJson, STORAGE_KEYS, writeJson } from '../../api/storage'

let shown = readJson<boolean>(STORAGE_KEYS.showMenu, true) !== false
const listeners = new Set<() => void>()

export function setShowMenu(next: boolean): void {
  shown = next
  writeJson(STORAGE_KEYS.showMenu, next)
  for (const l of listeners) l()
}

export const toggleShowMenu = () => setShowMenu(!shown)

export function useShowMenu(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l)
      return () => listeners.delete(l)
    },
    () => shown,
  )
}
