/**
 * Light or dark, chosen by the user and kept in the browser; until they choose, the system's
 * preference decides. Radix Themes draws both; the root <Theme> reads `useTheme()`.
 */
import { useSyncExternalStore } from 'react'
import { readJson, STORAGE_KEYS, writeJson } from '../api/storage'

export type Appearance = 'light' | 'dark'

function initial(): Appearance {
  const stored = readJson<string | null>(STORAGE_KEYS.theme, null)
  if (stored === 'light' || stored === 'dark') return stored
  // The build's server render has no window: it renders light (see src/prerender.tsx).
  if (typeof window === 'undefined') return 'light'
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light'
}

let appearance: Appearance = initial()
const listeners = new Set<() => void>()

function apply(a: Appearance) {
  // Native controls and scrollbars follow too.
  if (typeof document !== 'undefined') document.documentElement.style.colorScheme = a
}
apply(appearance)

export function setAppearance(next: Appearance): void {
  appearance = next
  writeJson(STORAGE_KEYS.theme, next)
  apply(next)
  for (const l of listeners) l()
}

export function toggleAppearance(): void {
  setAppearance(appearance === 'dark' ? 'light' : 'dark')
}

export function useAppearance(): Appearance {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l)
      return () => listeners.delete(l)
    },
    () => appearance,
    // What the build's render of the sign-in page drew (src/lib/prerenderedPage.ts): hydration
    // starts from it, then React renders the real appearance.
    () => 'light',
  )
}
