/**
 * Pinning, unpinning and recording visits (POST /menu/pin, /menu/unPin, /menu/recordRecent,
 * /menu/clearRecent). The cached menus change as the server will have them, so the side menu
 * and the palette follow at once without asking for the whole menu again.
 */
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { call } from '../../api/client'
import { withPinned, withRecent } from '../../lib/menuModel'
import { updateMenus } from './queries'

export const chooseQueryKey = ['menu', 'choose'] as const
const pinKey = ['menu', 'pin'] as const

type Choice = { menuId: number; pinned: boolean }

/**
 * A toggle shows at once (the chooser's cached list changes when it is made) and the toggles
 * go to the server one after another in the order made, so a box toggled twice quickly ends as
 * the user left it. The chooser's list is asked for again once the last toggle has settled.
 */
export function usePinMenu() {
  const qc = useQueryClient()
  return useMutation({
    mutationKey: pinKey,
    scope: { id: 'menu-pin' },
    mutationFn: async ({ menuId, pinned }: Choice) => {
      await call(pinned ? '/menu/pin' : '/menu/unPin', { menuId })
      return { menuId, pinned }
    },
    onMutate: async ({ menuId, pinned }) => {
      await qc.cancelQueries({ queryKey: chooseQueryKey })
      qc.setQueryData<Choice[]>(chooseQueryKey, (items) =>
        items?.map((i) => (i.menuId === menuId ? { ...i, pinned } : i)),
      )
    },
    onSuccess: ({ menuId, pinned }) => {
      updateMenus(qc, (d) => ({ ...d, pinnedList: withPinned(d.pinnedList, menuId, pinned) }))
    },
    onSettled: () => {
      // This toggle is still counted while it settles: 1 means no other is waiting.
      if (qc.isMutating({ mutationKey: pinKey }) <= 1) {
        void qc.invalidateQueries({ queryKey: chooseQueryKey })
      }
    },
  })
}

export function useClearRecent() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: () => call('/menu/clearRecent'),
    onSuccess: () => updateMenus(qc, (d) => ({ ...d, recentList: [] })),
  })
}

/**
 * Spec §2: visiting a recent-flagged menu page records it. A page already first in the list is
 * not sent again, so a reload or a tab switch back does not call the server.
 */
export function recordVisit(qc: QueryClient, menuId: number, recentList: readonly number[]): void {
  if (recentList[0] === menuId) return
  updateMenus(qc, (d) => ({ ...d, recentList: withRecent(d.recentList, menuId) }))
  // Losing a record is harmless; the next visit writes it again.
  call('/menu/recordRecent', { menuId }).catch(() => {})
}
