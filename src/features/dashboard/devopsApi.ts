import { queryOptions } from '@tanstack/react-query'
import { call } from '../../api/client'

/** How often the open devops dashboard fetches its figures again. */
export const DEVOPS_REFRESH_MS = 30_000

/** devops-index's figures (POST /dashboard/devops): the last hour, measured at each call. */
export const devopsQuery = () =>
  queryOptions({
    queryKey: ['devops'],
    // A background call: watching the dashboard does not keep an idle session alive.
    queryFn: () => call('/dashboard/devops', {}, { background: true }),
    staleTime: 0,
    refetchInterval: DEVOPS_REFRESH_MS,
  })

/** opt-information's figures (POST /system/information), read now on every visit. */
export const systemInformationQuery = () =>
  queryOptions({
    queryKey: ['system-information'],
    queryFn: () => call('/system/information', {}, { background: true }),
    staleTime: 0,
  })
