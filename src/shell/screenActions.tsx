import { createContext, useContext, useEffect, useId, useState, type ReactNode } from 'react'
import type { ShortcutId } from './shortcuts'

/**
 * Actions of the current screen (and of its selected rows) that the palette offers. A screen
 * declares them with `useScreenActions`; the palette reads them with `useCurrentScreenActions`.
 */
export interface ScreenAction {
  id: string
  /** Already translated. */
  label: string
  /** The registry shortcut that runs the same action, shown as a hint. */
  shortcut?: ShortcutId
  disabled?: boolean
  run: () => void
}

type Registry = {
  actions: ScreenAction[]
  set: (owner: string, actions: ScreenAction[] | null) => void
}

const ScreenActionsContext = createContext<Registry | null>(null)

export function ScreenActionsProvider({ children }: { children: ReactNode }) {
  const [byOwner, setByOwner] = useState<Record<string, ScreenAction[]>>({})
  const set = (owner: string, actions: ScreenAction[] | null) =>
    setByOwner((prev) => {
      const next = { ...prev }
      if (actions) next[owner] = actions
      else delete next[owner]
      return next
    })
  return (
    <ScreenActionsContext.Provider value={{ actions: Object.values(byOwner).flat(), set }}>
      {children}
    </ScreenActionsContext.Provider>
  )
}

/** Declares this screen's actions while it is mounted. Pass a memoised array. */
export function useScreenActions(actions: ScreenAction[]): void {
  const registry = useContext(ScreenActionsContext)
  const owner = useId()
  useEffect(() => {
    registry?.set(owner, actions)
    return () => registry?.set(owner, null)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [actions, owner])
}

export function useCurrentScreenActions(): ScreenAction[] {
  return useContext(ScreenActionsContext)?.actions ?? []
}
