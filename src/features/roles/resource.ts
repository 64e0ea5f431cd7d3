import { queryOptions } from '@tanstack/react-query'
import { call } from '../../api/client'
import { resourceClient } from '../../components/resource/client'
import { roles } from '../../resources/roles'

/** The console half of roles: the kit's list, export and delete; the role's own detail and tree. */
export const rolesResource = resourceClient(roles)

/** `/role/detail` (its `roleId` shape), under the resource's key: every write refreshes it. */
const roleDetailQuery = (roleId: number) =>
  queryOptions({
    queryKey: [roles.api, 'detail', roleId],
    queryFn: () => call('/role/detail', { roleId }),
  })

/** The form route's client: `?id=` and the record loaded first (lazyFormRoute). */
export const roleFormClient = { formSearch: rolesResource.formSearch, detailQuery: roleDetailQuery }

/** The permission tree the caller may grant from, for this role (none: a new one). */
export const roleTreeQuery = (roleId?: number) =>
  queryOptions({
    queryKey: [roles.api, 'tree', roleId ?? 0],
    queryFn: () => call('/role/tree', roleId ? { roleId } : {}),
  })
