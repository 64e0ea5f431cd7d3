import { queryOptions } from '@tanstack/react-query'
import { call } from '../../api/client'
import type { DevopsSection } from '../../lib/screens'
import type { DevopsAnswer } from '../../resources/devops'

/** How often the open devops dashboard fetches its figures again. */
export const DEVOPS_REFRESH_MS = 30_000

/**
 * One section of devops-index (`POST /dashboard/devops/<section>`): the last hour, measured at
 * each call. Asked for only when the role holds the section (`enabled`): the server refuses
 * the others (403), which would send the user to the 403 page.
 */
export const devopsSectionQuery = <S extends DevopsSection>(section: S, enabled: boolean) =>
  queryOptions({
    queryKey: ['devops', section],
    // A background call: watching the dashboard does not keep an idle session alive.
    queryFn: () =>
      // The path is one of five; each answers its own section (DevopsAnswer<S>).
      call(`/dashboard/devops/${section as DevopsSection}`, {}, { background: true }) as Promise<
        DevopsAnswer<S>
      >,
    enabled,
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
