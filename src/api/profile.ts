import { queryOptions } from '@tanstack/react-query'
import { call } from './client'
import { readUser } from './storage'

/**
 * The signed-in user's profile (POST /profile/query): read by the dashboard and the settings
 * screen, so it lives here rather than in either feature. Keyed by login name.
 */
export const profileQuery = () =>
  queryOptions({
    queryKey: ['profile', readUser()?.userName ?? ''],
    queryFn: () => call('/profile/query'),
  })

export const timezoneListQuery = () =>
  queryOptions({
    queryKey: ['common', 'timezoneList'],
    queryFn: () => call('/common/timezoneList'),
    staleTime: 60 * 60_000,
  })
