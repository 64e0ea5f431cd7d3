/**
 * The console follows the caller's rights at once (docs/console-shell.md, "Rights follow at
 * once"): while the tab is visible it asks `/menu/version` every RIGHTS_POLL_MS — a background
 * call, so it keeps no session alive — and when the fingerprint differs from the one its menus
 * came with, it asks for the menus again. The side menu drops what the role lost, and every
 * screen's buttons (read from the same query) disable with the reason, without a reload. A
 * 403 or 1403 answer does the same at once (src/shell/session/runtime.ts).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { call } from '../../api/client'
import { readUser } from '../../api/storage'
import type { MenuData } from '../../lib/menuModel'
import { menuQueryOptions, refreshMenus } from './queries'

/** How often an open, visible console asks whether its rights changed. */
export const RIGHTS_POLL_MS = 3000

/** The menus came with other rights than the server now gives (or with none recorded). */
export function menusBehind(menus: MenuData | undefined, version: string | undefined): boolean {
  return !!menus && !!version && menus.rightsVersion !== version
}

export function useFollowRights(): void {
  const qc = useQueryClient()
  const userName = readUser()?.userName ?? ''
  const menus = useQuery(menuQueryOptions()).data
  const version = useQuery({
    queryKey: ['menu', 'version', userName],
    queryFn: () => call('/menu/version', undefined, { background: true }),
    // TanStack pauses the interval while the document is hidden.
    refetchInterval: RIGHTS_POLL_MS,
    refetchIntervalInBackground: false,
    staleTime: 0,
    enabled: userName !== '',
  }).data?.rightsVersion
  const behind = menusBehind(menus, version)
  useEffect(() => {
    if (behind) refreshMenus(qc)
  }, [behind, version, qc])
}
