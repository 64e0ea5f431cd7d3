import { queryOptions, useQuery } from '@tanstack/react-query'
import { call, type DataOf } from '../api/client'
import { queryKeys } from './queryKeys'

export type CompanyNode = DataOf<'/org/companyTree'>[number]

/** A company of the tree in the tree's own order, with its depth (0: a top company). */
export interface CompanyEntry {
  id: number
  name: string
  depth: number
}

/**
 * The companies the caller reaches, as the server answers them: a tree. One query for every
 * picker, filter, form and view that names companies; another shape is a `select`.
 */
export const companyTreeQuery = () =>
  queryOptions({
    queryKey: queryKeys.companyTree(),
    queryFn: () => call('/org/companyTree'),
    staleTime: 60_000,
  })

/** The tree as a flat list in its own order (parents before their children), with depths. */
export function flattenCompanies(nodes: readonly CompanyNode[], depth = 0): CompanyEntry[] {
  return nodes.flatMap((n) => [
    { id: n.id, name: n.name, depth },
    ...flattenCompanies(n.childs as CompanyNode[], depth + 1),
  ])
}

/** Each company's name indented by its depth (non-breaking spaces: a select keeps them). */
export const indentedName = (c: CompanyEntry) => `${'\u00a0\u00a0'.repeat(c.depth)}${c.name}`

/** The companies as select options: the id as text, the indented name as label. */
export const companyOptions = (nodes: readonly CompanyNode[]) =>
  flattenCompanies(nodes).map((c) => ({ value: String(c.id), label: indentedName(c) }))

/** Company names by id (a view listing the companies something is visible to). */
export const companyNames = (nodes: readonly CompanyNode[]) =>
  new Map(flattenCompanies(nodes).map((c) => [c.id, c.name]))

/** The companies as select options. */
export function useCompanyOptions(enabled = true): { value: string; label: string }[] {
  const { data = [] } = useQuery({ ...companyTreeQuery(), select: companyOptions, enabled })
  return data
}
