import { call } from '../../api/client'
import type { DraftStore } from './draftStore'

/** How long typing may go on before the draft is sent (one call per pause, not per key). */
const SAVE_PAUSE_MS = 800

/**
 * Signed-in users: POST /admin/draft/get|save|delete, the caller's own draft of this wizard.
 * @public The kit's store for the signed-in wizards (docs/wizard.md); the next wizards use it.
 */
export function serverDraftStore(wizard: string): DraftStore {
  let timer: ReturnType<typeof setTimeout> | undefined
  return {
    load: async () => {
      try {
        const d = await call('/draft/get', { wizard })
        return d ? { data: d.data, step: d.step } : null
      } catch {
        return null
      }
    },
    save: (draft) => {
      clearTimeout(timer)
      timer = setTimeout(() => {
        void call('/draft/save', { wizard, ...draft }).catch(() => {})
      }, SAVE_PAUSE_MS)
    },
    clear: () => {
      clearTimeout(timer)
      void call('/draft/delete', { wizard }).catch(() => {})
    },
  }
}
