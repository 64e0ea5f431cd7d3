import { z } from 'zod'
import { TEXT_MAX } from '../../lib/validators'

/**
 * A list screen's state lives in the URL (so it survives a reload, a tab switch and a shared
 * link): page, page size, sort and filters as search params, validated by the route's
 * `validateSearch`. Anything invalid in a hand-edited URL falls back to the default instead of
 * failing the page.
 */
export const PAGE_SIZES = [10, 20, 30, 50, 100, 200] as const
export type PageSize = (typeof PAGE_SIZES)[number]
export const DEFAULT_PAGE_SIZE: PageSize = 10

export type SortOrder = 'asc' | 'desc'

/**
 * A free-text filter (matched as "contains" by the server). Empty means no filter. A hand-typed
 * `?code=123` arrives as a number (the router JSON-parses search values): read it as text.
 */
export const textFilter = () =>
  z
    .union([z.string(), z.number().transform(String)])
    .pipe(z.string().trim().max(TEXT_MAX))
    .transform((v) => v || undefined)
    .optional()
    .catch(undefined)

/** A yes/no filter; absent means both. */
export const flagFilter = () => z.boolean().optional().catch(undefined)

const pageNum = z.number().int().min(1).max(1_000_000).optional().catch(undefined)
const pageSize = z
  .number()
  .refine((n): n is PageSize => (PAGE_SIZES as readonly number[]).includes(n))
  .optional()
  .catch(undefined)
const order = z.enum(['asc', 'desc']).optional().catch(undefined)

/**
 * The search schema of a list route: paging and sorting plus the screen's own filters (and
 * any scope it needs, such as the parent dictionary's id).
 */
export function listSearchSchema<const S extends string, F extends z.ZodRawShape>(
  sortFields: readonly [S, ...S[]],
  filters: F,
) {
  return z.object({
    pageNum,
    pageSize,
    sort: z.enum(sortFields).optional().catch(undefined),
    order,
    ...filters,
  })
}

export interface ListSearchBase {
  pageNum?: number
  pageSize?: number
  sort?: string
  order?: SortOrder
}

/** The body of a list call (DESIGN §4) from the URL's search params. */
export function toListRequest<F extends string>(
  search: ListSearchBase & Partial<Record<F, unknown>>,
  filterKeys: readonly F[],
) {
  const filters: Partial<Record<F, unknown>> = {}
  for (const k of filterKeys) {
    if (search[k] !== undefined) filters[k] = search[k]
  }
  return {
    pageNum: search.pageNum ?? 1,
    pageSize: (search.pageSize ?? DEFAULT_PAGE_SIZE) as PageSize,
    ...(search.sort ? { sort: { field: search.sort, order: search.order ?? 'asc' } } : {}),
    ...(Object.keys(filters).length ? { filters } : {}),
  }
}

/** Header click: ascending, then descending, then back to the screen's default order. */
export function nextSort(
  current: { sort?: string; order?: SortOrder },
  field: string,
): { sort?: string; order?: SortOrder } {
  if (current.sort !== field) return { sort: field, order: 'asc' }
  if ((current.order ?? 'asc') === 'asc') return { sort: field, order: 'desc' }
  return { sort: undefined, order: undefined }
}

export function pageCount(total: number, size: number): number {
  return Math.max(1, Math.ceil(total / size))
}
