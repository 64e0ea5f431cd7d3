/**
 * The opened pages of the tab bar, persisted in localStorage (spec §3) so a reload keeps them.
 * A small external store: the layout writes on navigation, the tab bar and shortcuts read.
 */
import { useSyncExternalStore } from 'react'
import { readJson, STORAGE_KEYS, writeJson } from '../../api/storage'
import type { OpenedTab } from '../../lib/tabs'

let tabs: OpenedTab[] = readJson<OpenedTab[]>(STORAGE_KEYS.tabs, [])
const listeners = new Set<() => void>()

export function getTabs(): OpenedTab[] {
  return tabs
}

export function setTabs(next: OpenedTab[]): void {
  if (next === tabs) return
  tabs = next
  writeJson(STORAGE_KEYS.tabs, next)
  for (const l of listeners) l()
}

/** Signed out: the storage key is already gone; forget the in-memory copy too. */
export function resetTabs(): void {
  tabs = []
  for (const l of listeners) l()
}

function subscribe(l: () => void) {
  listeners.add(l)
  return () => listeners.delete(l)
}

export function useTabs(): OpenedTab[] {
  return useSyncExternalStore(subscribe, getTabs)
}
