import { queryOptions, type QueryClient } from '@tanstack/react-query'
import { call } from '../../api/client'

/** The devops modules' key: a write refreshes every devops list. */
export const MODULES_KEY = ['modules'] as const

/**
 * After a write: every devops list, and everything under `['menu', …]`: the signed-in user's own
 * menus (cached until changed), so the side menu shows the edit at once, and the module lists.
 */
export const refreshAfterWrite = (qc: QueryClient) =>
  Promise.all([
    qc.invalidateQueries({ queryKey: MODULES_KEY }),
    qc.invalidateQueries({ queryKey: ['menu'] }),
  ])

export const devopsModuleListQuery = () =>
  queryOptions({
    queryKey: [...MODULES_KEY, 'devops'],
    queryFn: () => call('/devops/module/list', {}),
  })

export const roleDevopsQuery = (roleId: number | undefined) =>
  queryOptions({
    queryKey: [...MODULES_KEY, 'role', roleId ?? null],
    queryFn: () => call('/devops/module/role', roleId ? { roleId } : {}),
  })

/** `?id=` of a form route: a positive whole number, or nothing. */
export const idSearch = (s: Record<string, unknown>): { id?: number } => {
  const id = Number(s.id)
  return Number.isInteger(id) && id > 0 ? { id } : {}
}

/** `?roleId=` of role-devops-module-saveinfo. */
export const roleSearch = (s: Record<string, unknown>): { roleId?: number } => {
  const id = Number(s.roleId)
  return Number.isInteger(id) && id > 0 ? { roleId: id } : {}
}
