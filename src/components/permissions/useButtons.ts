import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { menuQueryOptions } from '../../shell/menus/queries'

/**
 * The codes of the buttons the user is granted ('<screen>:<action>'), from the one menu query
 * the shell's guard has already loaded (POST /menu/query, buttonLinkPageList).
 */
export function useButtonCodes(): { codes: ReadonlySet<string>; ready: boolean } {
  const q = useQuery({
    ...menuQueryOptions(),
    select: (d) => new Set(d.buttonLinkPageList.map((b) => b.code)),
  })
  return { codes: q.data ?? new Set<string>(), ready: q.isSuccess }
}

/**
 * What the user may do on one screen: `can('add')` for '<screen>:add'. `viewOnly` when the
 * screen has write buttons and the user holds none of them (spec §6: the auditor).
 */
export function useScreenButtons(screen: string, actions: readonly string[]) {
  const { codes, ready } = useButtonCodes()
  // Stable while the grants are: screens put `can` in their memoised action lists.
  const granted = actions.filter((a) => codes.has(`${screen}:${a}`)).join(',')
  return useMemo(() => {
    const set = new Set(granted ? granted.split(',') : [])
    return {
      can: (action: string) => set.has(action),
      ready,
      viewOnly: ready && actions.length > 0 && set.size === 0,
    }
  }, [granted, ready, actions.length])
}
