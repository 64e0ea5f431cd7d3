/**
 * Success and failure messages (spec §8) as short-lived toasts. A module-level store, so a
 * screen can announce "Saved successfully" and navigate away in the same breath: the message
 * outlives the screen that raised it. <Toaster /> renders the store.
 */
export type ToastKind = 'success' | 'error' | 'info'

export interface Toast {
  id: number
  kind: ToastKind
  text: string
}

/** Long enough to read a sentence; errors stay a little longer. */
const LIFETIME_MS: Record<ToastKind, number> = { success: 4000, info: 4000, error: 7000 }
const MAX_SHOWN = 4

let toasts: Toast[] = []
let nextId = 1
const listeners = new Set<() => void>()

function publish(next: Toast[]) {
  toasts = next
  for (const l of listeners) l()
}

export function dismissToast(id: number): void {
  publish(toasts.filter((t) => t.id !== id))
}

export function showToast(kind: ToastKind, text: string): number {
  const id = nextId++
  // The same text twice in a row (a double press) shows once.
  const rest = toasts.filter((t) => t.text !== text)
  publish([...rest, { id, kind, text }].slice(-MAX_SHOWN))
  setTimeout(() => dismissToast(id), LIFETIME_MS[kind])
  return id
}

export const toast = {
  success: (text: string) => showToast('success', text),
  error: (text: string) => showToast('error', text),
  info: (text: string) => showToast('info', text),
}

export function subscribeToasts(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export const currentToasts = (): Toast[] => toasts
