/**
 * The opened pages of the tab bar, persisted in localStorage (spec §3) so a reload keeps them.
 * A small external store: the layout writes on navigation, the tab bar and shortcuts read.
 */
import type { MessageKey } from '../../i18n/keys'
import { useSyncExternalStore } from 'react'
import { readJson, STORAGE_KEYS, writeJson } from '../../api/storage'
import { titleTab, type OpenedTab } from '../../lib/tabs'

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

/**
 * Headings pages set for their own tab (forms), by path. A page's effect runs before the
 * shell's, so the title may arrive before the tab exists: the shell reads it from here when it
 * opens the tab.
 */
const pageTitles = new Map<string, MessageKey>()

export function setPageTitle(path: string, titleKey: MessageKey): void {
  pageTitles.set(path, titleKey)
  setTabs(titleTab(tabs, path, titleKey))
}

export function pageTitleOf(path: string): MessageKey | undefined {
  return pageTitles.get(path)
}
