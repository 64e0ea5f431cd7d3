import { useSyncExternalStore } from 'react'
import { cardOpOperations, type Card, type CardOp, type CardOpOperation } from './cardActions'
import { CardOpDialog } from './CardOpDialog'

/**
 * Which card operation's dialog is open. The card list's and detail's toolbars (and the
 * palette, through them) run an operation; the host each of those screens renders shows it.
 */
let current: { card: Card; op: CardOp } | null = null
const listeners = new Set<() => void>()
const set = (next: typeof current) => {
  current = next
  listeners.forEach((l) => l())
}

/**
 * Adds the operations to the card screens' list (`cardOperations` of features/cards), once:
 * the route files compose the two features (features never import each other).
 */
export function addCardOps(into: CardOpOperation[]) {
  if (!into.some((o) => o.id === 'card-topUp')) {
    into.push(...cardOpOperations((card, op) => set({ card, op })))
  }
}

export function CardOpHost() {
  const open = useSyncExternalStore(
    (l) => {
      listeners.add(l)
      return () => listeners.delete(l)
    },
    () => current,
  )
  // What each operation changes (the list, the detail) refreshes through its action.
  return <CardOpDialog card={open?.card ?? null} op={open?.op ?? null} onClose={() => set(null)} />
}
