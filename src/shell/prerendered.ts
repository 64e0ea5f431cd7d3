import { useLayoutEffect, type RefObject } from 'react'
import { HELD_ATTRIBUTE, LIVE_ATTRIBUTE, PRERENDERED_ATTRIBUTE } from '../lib/prerenderedPage'

/**
 * For the form of the prerendered page, once the console has hydrated it: what was typed
 * before is handed to `take` (the inputs show it, the form's state does not have it yet), and a
 * submission the page held is made again. The form's submit handler should read the inputs
 * (they hold what `take` is about to set). Does nothing on a page the console rendered itself.
 */
export function usePrerenderedForm(
  form: RefObject<HTMLFormElement | null>,
  take: (typed: Record<string, string>) => void,
): void {
  // In the hydrating commit itself: no event can reach the page between hydration and this.
  useLayoutEffect(() => {
    const root = document.getElementById('root')
    const el = form.current
    if (!el || !root?.hasAttribute(PRERENDERED_ATTRIBUTE) || root.hasAttribute(LIVE_ATTRIBUTE))
      return
    root.setAttribute(LIVE_ATTRIBUTE, '')
    const typed: Record<string, string> = {}
    for (const [name, value] of new FormData(el)) typed[name] = String(value)
    take(typed)
    if (el.hasAttribute(HELD_ATTRIBUTE)) {
      el.removeAttribute(HELD_ATTRIBUTE)
      // After this commit: the submission is an event like the user's own.
      queueMicrotask(() => el.requestSubmit())
    }
    // Once, at the first mount: later renders of the page are the console's own.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
}
