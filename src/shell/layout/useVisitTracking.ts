import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { isPinnable, type FlatMenuEntry } from '../../lib/menus'
import type { MenuModel } from '../../lib/menuModel'
import { openTab } from '../../lib/tabs'
import { recordVisit } from '../menus/mutations'
import { getTabs, pageTitleOf, setTabs } from '../tabs/store'

/** Each settled page of the menus gets its tab, and a visible page goes to the recent list. */
export function useVisitTracking(
  model: MenuModel | undefined,
  entry: FlatMenuEntry | undefined,
  href: string,
): void {
  const qc = useQueryClient()
  const recentFirst = model?.recent[0]?.menuId
  useEffect(() => {
    if (!entry) return
    const titleKey = pageTitleOf(entry.url)
    setTabs(openTab(getTabs(), { path: entry.url, href, nameKey: entry.nameKey, titleKey }))
  }, [entry, href])
  useEffect(() => {
    if (!entry || !isPinnable(entry)) return
    recordVisit(qc, entry.menuId, recentFirst === undefined ? [] : [recentFirst])
    // Only a new page counts as a visit; the recent list changing because of it does not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [entry?.menuId, qc])
}
