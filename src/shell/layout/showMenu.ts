/**
 * Spec §3: the show-menu flag, kept in the browser; the menu shows until the user hides it.
 * On a narrow screen the menu is a drawer over the page instead: the same toggle (header
 * button, Alt+M, palette) opens and closes it, and the drawer's state is not kept.
 */
import { useSyncExternalStore } from 'react'
import { readJson, STORAGE_KEYS, writeJson } from '../../api/storage'

/** Below this width the side menu is a drawer (matches the `@media` rules in shell.css). */
export const NARROW_QUERY = '(max-width: 767px)'

let shown = readJson<boolean>(STORAGE_KEYS.showMenu, true) !== false
let drawerOpen = false
const listeners = new Set<() => void>()
const notify = () => listeners.forEach((l) => l())

const subscribe = (l: () => void) => {
  listeners.add(l)
  return () => listeners.delete(l)
}

export const isNarrow = () =>
  typeof window !== 'undefined' && window.matchMedia(NARROW_QUERY).matches

export function setShowMenu(next: boolean): void {
  shown = next
  writeJson(STORAGE_KEYS.showMenu, next)
  notify()
}

export function setMenuDrawer(open: boolean): void {
  if (drawerOpen === open) return
  drawerOpen = open
  notify()
}

export const toggleShowMenu = () => (isNarrow() ? setMenuDrawer(!drawerOpen) : setShowMenu(!shown))

export function useShowMenu(): boolean {
  return useSyncExternalStore(subscribe, () => shown)
}

export function useMenuDrawer(): boolean {
  return useSyncExternalStore(subscribe, () => drawerOpen)
}

/** True on a narrow screen, following the window as it is resized or turned. */
export function useNarrow(): boolean {
  return useSyncExternalStore((l) => {
    const query = window.matchMedia(NARROW_QUERY)
    query.addEventListener('change', l)
    return () => query.removeEventListener('change', l)
  }, isNarrow)
}
