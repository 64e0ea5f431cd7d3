import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { call } from '../../api/client'
import { readUser } from '../../api/storage'
import type { DashboardRequest } from '../../resources/dashboard'

/** The dashboard's figures for a currency and a range (POST /dashboard/summary). */
export const dashboardQuery = (body: DashboardRequest) =>
  queryOptions({
    queryKey: ['dashboard', readUser()?.userName ?? '', body],
    queryFn: () => call('/dashboard/summary', body),
    placeholderData: keepPreviousData,
    // Figures of money and cards: fetched again on every visit (shown meanwhile as they were).
    staleTime: 0,
  })

/** The ranges the dashboard offers, in days ending today (UTC, like the lists' date filters). */
export const RANGES = [7, 30, 90] as const
export type RangeDays = (typeof RANGES)[number]

export function rangeOf(days: RangeDays, now = new Date()) {
  const to = now.toISOString().slice(0, 10)
  const from = new Date(now.getTime() - (days - 1) * 86_400_000).toISOString().slice(0, 10)
  return { from, to }
}
