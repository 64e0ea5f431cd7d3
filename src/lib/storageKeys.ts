/**
 * The browser's storage keys (src/api/storage.ts reads and writes them). Here, free of the
 * console, so the prerendered sign-in page's script (src/lib/prerenderedPage.ts) names the same.
 */
export const STORAGE_KEYS = {
  user: 'vcc.user',
  showMenu: 'vcc.showMenu',
  tabs: 'vcc.tabs',
  menuList: 'vcc.menuList',
  language: 'vcc.language',
  theme: 'vcc.theme',
  /** Last activity time (ms) shared by every tab: one session clock per browser. */
  activity: 'vcc.activity',
  version: 'vcc.version',
  /** Per-screen list column setup: `{ [screen]: hiddenColumnIds[] }` (a browser preference). */
  columns: 'vcc.columns',
  /** Drafts of wizards on public pages: `{ [wizardId]: { data, step } }` (docs/wizard.md). */
  wizardDrafts: 'vcc.wizardDrafts',
  /** The dashboard's currency and range: `{ currency, days }`. */
  dashboard: 'vcc.dashboard',
} as const

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS]
