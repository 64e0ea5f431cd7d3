import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import type { ScreenName } from '../../lib/screens'
import type { ButtonOf } from '../../resources/registry'
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

/** Buttons that change nothing: holding only these leaves a screen view only. */
const READ_ACTIONS = new Set(['view', 'reveal', 'export'])

/**
 * Whether the user holds no write button of the screen: none of `actions` (those the screen
 * shows), nor any other button of the screen it holds (the card list's Freeze is an action's
 * button, not its resource's), read-only ones aside.
 */
export function holdsNoWrite(codes: ReadonlySet<string>, screen: string): boolean {
  const prefix = `${screen}:`
  for (const code of codes) {
    if (code.startsWith(prefix) && !READ_ACTIONS.has(code.slice(prefix.length))) return false
  }
  return true
}

/**
 * What the user may do on one screen: `can('add')` for '<screen>:add'. `viewOnly` when the
 * screen has write buttons and the user holds none of the screen's (spec §6: the auditor).
 */
export interface ScreenButtons<A extends string = string> {
  can: (action: A) => boolean
  ready: boolean
  viewOnly: boolean
}

export function useScreenButtons<N extends ScreenName>(
  screen: N,
  actions: readonly ButtonOf<N>[],
): ScreenButtons<ButtonOf<N>> {
  const { codes, ready } = useButtonCodes()
  // Stable while the grants are: screens put `can` in their memoised action lists.
  const granted = actions.filter((a) => codes.has(`${screen}:${a}`)).join(',')
  const noWrite = holdsNoWrite(codes, screen)
  return useMemo(() => {
    const set = new Set(granted ? granted.split(',') : [])
    return {
      can: (action: ButtonOf<N>) => set.has(action),
      ready,
      viewOnly: ready && actions.length > 0 && set.size === 0 && noWrite,
    }
  }, [granted, ready, actions.length, noWrite])
}
