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

export function usePinMenu() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: async ({ menuId, pinned }: { menuId: number; pinned: boolean }) => {
      await call(pinned ? '/menu/pin' : '/menu/unPin', { menuId })
      return { menuId, pinned }
    },
    onSuccess: ({ menuId, pinned }) => {
      updateMenus(qc, (d) => ({ ...d, pinnedList: withPinned(d.pinnedList, menuId, pinned) }))
      void qc.invalidateQueries({ queryKey: chooseQueryKey })
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
