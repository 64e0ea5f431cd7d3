import { useCallback, useState } from 'react'
import { readJson, STORAGE_KEYS, writeJson } from '../../api/storage'

type Prefs = Record<string, string[]>

const readHidden = (screen: string): string[] =>
  readJson<Prefs>(STORAGE_KEYS.columns, {})[screen] ?? []

/**
 * Which columns a screen hides, kept per screen in this browser (column setup). Only the
 * hidden ids are stored, so a column added to a screen later shows by default.
 */
export function useColumnPrefs(screen: string) {
  const [hidden, setHidden] = useState<string[]>(() => readHidden(screen))

  const toggle = useCallback(
    (columnId: string, visible: boolean) => {
      setHidden((prev) => {
        const next = visible
          ? prev.filter((c) => c !== columnId)
          : [...new Set([...prev, columnId])]
        const all = readJson<Prefs>(STORAGE_KEYS.columns, {})
        writeJson(STORAGE_KEYS.columns, { ...all, [screen]: next })
        return next
      })
    },
    [screen],
  )

  const reset = useCallback(() => {
    const { [screen]: _dropped, ...rest } = readJson<Prefs>(STORAGE_KEYS.columns, {})
    writeJson(STORAGE_KEYS.columns, rest)
    setHidden([])
  }, [screen])

  return { hidden: new Set(hidden), toggle, reset }
}
