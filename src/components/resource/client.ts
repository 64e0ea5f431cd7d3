import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { call, type BodyOf, type DataOf } from '../../api/client'
import type { AnyResource, ExportFormat, ListBodyOf, RowOf, SortFieldOf } from '../../resources/kit'
import { DEFAULT_PAGE_SIZE, listSearchSchema, type ListSearchBase } from '../list/listSearch'

/**
 * The console half of a resource: its list route's search schema, the list call's body, query
 * options for the loaders and the screens, and the write mutations — all from the definition.
 *
 * The body is the definition's; `resourceClient` only accepts a definition whose list body is
 * the contract's (`BodyOf<'<api>/list'>`, from the generated src/api/schema.d.ts): the same
 * filter keys, the same sort fields, and assignable. A filter or sort field renamed on the
 * server (and `npm run gen`) without the definition is a type error here
 * (src/components/resource/contract.test.ts proves it).
 */

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false
type Path<R extends AnyResource, A extends string> = `${R['api']}/${A}` & Parameters<typeof call>[0]
type ContractList<R extends AnyResource> = BodyOf<Path<R, 'list'>>
type FilterKeys<B> = B extends { filters?: infer F } ? keyof NonNullable<F> : never
type SortFields<B> = B extends { sort?: infer S }
  ? NonNullable<S> extends { field: infer F }
    ? F
    : never
  : never

export type MatchesContract<R extends AnyResource> =
  Same<FilterKeys<ListBodyOf<R>>, FilterKeys<ContractList<R>>> extends true
    ? Same<SortFieldOf<R>, SortFields<ContractList<R>>> extends true
      ? ListBodyOf<R> extends ContractList<R>
        ? true
        : false
      : false
    : false

type ContractGuard<R extends AnyResource> =
  MatchesContract<R> extends true ? unknown : { listBodyDiffersFromTheContract: never }

type ParentShape<R extends AnyResource> = NonNullable<R['parent']>

export type SearchOf<R extends AnyResource> = ListSearchBase & {
  [K in keyof R['filters']]?: z.output<R['filters'][K]['wire']>
} & { [K in keyof ParentShape<R>]?: z.output<ParentShape<R>[K]> }

export interface ClientOptions {
  /**
   * Root of the query keys, invalidated by every write: resources that show each other's rows
   * share one (a dictionary's delete refreshes its values). Default: `[api]`.
   */
  key?: readonly string[]
}

export function resourceClient<R extends AnyResource>(
  def: R & ContractGuard<R>,
  options: ClientOptions = {},
) {
  const keys = options.key ?? [def.api]
  const filterSearch = Object.fromEntries(
    Object.entries(def.filters).map(([k, f]) => [k, f.search]),
  ) as { [K in keyof R['filters']]: R['filters'][K]['search'] }
  // A parent in the URL is optional too: without it the screen asks for one.
  const parentSearch = Object.fromEntries(
    Object.entries(def.parent ?? {}).map(([k, schema]) => [
      k,
      (schema as z.ZodType).optional().catch(undefined),
    ]),
  ) as unknown as { [K in keyof ParentShape<R>]: z.ZodCatch<z.ZodOptional<ParentShape<R>[K]>> }
  const search = listSearchSchema(def.sortable as readonly [SortFieldOf<R>], {
    ...filterSearch,
    ...parentSearch,
  })

  /** The list call's body from the URL's search params (defaults stay out of the URL). */
  function listBody(s: SearchOf<R>): ListBodyOf<R> {
    const filters = Object.fromEntries(
      Object.keys(def.filters)
        .map((k) => [k, (s as Record<string, unknown>)[k]])
        .filter(([, v]) => v !== undefined),
    )
    const parent = Object.fromEntries(
      Object.keys(def.parent ?? {}).map((k) => [k, (s as Record<string, unknown>)[k]]),
    )
    return {
      ...parent,
      pageNum: s.pageNum ?? 1,
      pageSize: s.pageSize ?? DEFAULT_PAGE_SIZE,
      ...(s.sort ? { sort: { field: s.sort, order: s.order ?? 'asc' } } : {}),
      ...(Object.keys(filters).length ? { filters } : {}),
    } as ListBodyOf<R>
  }

  // Generic over the resource: the contract check above is what makes these calls sound.
  const post = <T>(action: string, body: unknown) =>
    call(`${def.api}/${action}` as never, body as never) as Promise<T>

  type Row = RowOf<R>
  type SaveBody = BodyOf<Path<R, 'save'>>

  function useInvalidate() {
    const qc = useQueryClient()
    return () => qc.invalidateQueries({ queryKey: keys })
  }

  const listQuery = (s: SearchOf<R>) => {
    const body = listBody(s)
    return queryOptions({
      queryKey: [...keys, def.api, 'list', body],
      queryFn: () => post<DataOf<Path<R, 'list'>>>('list', body),
    })
  }
  const detailQuery = (id: number) =>
    queryOptions({
      queryKey: [...keys, def.api, 'detail', id],
      queryFn: () => post<Row>('detail', { id }),
    })
  const formSearch = z.object({ id: z.number().int().positive().optional().catch(undefined) })

  return {
    def,
    search,
    /** The form route's search: `?id=` edits, no id creates. */
    formSearch,
    listBody,
    listQuery,
    detailQuery,
    /** The export's body: the list's sort and filters, no paging. */
    exportBody: (s: SearchOf<R>, format: ExportFormat) => {
      const { pageNum: _n, pageSize: _s, ...rest } = listBody(s) as Record<string, unknown>
      return { ...rest, format }
    },
    useSave() {
      const invalidate = useInvalidate()
      return useMutation({
        mutationFn: (body: SaveBody) => post<Row>('save', body),
        onSuccess: invalidate,
      })
    },
    useRemove() {
      const invalidate = useInvalidate()
      return useMutation({
        mutationFn: (ids: number[]) => post<{ deleted: number }>('delete', { ids }),
        onSuccess: invalidate,
      })
    },
  }
}
