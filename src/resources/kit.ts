import { z } from 'zod'
import type { MessageKey } from '../i18n/keys'
import type { ButtonOf, ScreenName } from '../lib/screens'
import { int } from '../lib/validators'
import type { Filters } from './filters'

export { filter, type FilterSpec, type Filters } from './filters'

/**
 * One definition per resource (DESIGN §5), imported by both halves: the server builds its
 * list / detail / save / delete / export calls from it (server/resources), the console its list
 * and form routes (src/api/resources.ts). Isomorphic: zod only, no React, DOM or server.
 */

export const PAGE_SIZES = [10, 20, 30, 50, 100, 200] as const
export type PageSize = (typeof PAGE_SIZES)[number]
export const DEFAULT_PAGE_SIZE: PageSize = 10
export const SORT_ORDERS = ['asc', 'desc'] as const
export type SortOrder = (typeof SORT_ORDERS)[number]
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const
export type ExportFormat = (typeof EXPORT_FORMATS)[number]

/** A column of the exported file: a row field and the i18n key of its header. */
export interface ExportColumn<K extends string = string> {
  key: K
  label: MessageKey
}

export interface ResourceSpec<
  N extends ScreenName,
  A extends string,
  Row extends z.ZodObject,
  Save extends z.ZodObject,
  S extends string,
  F extends Filters,
  P extends z.ZodRawShape,
> {
  /** Contract names: `<name>` (the row), `<name>ListRequest`, `<name>SaveRequest`, … */
  name: string
  /** API area: `/parameter` → `/parameter/list`, `/detail`, `/save`, `/delete`, `/export`. */
  api: A
  /** The list screen; its buttons are the permissions of the writes. */
  screen: N
  /** The create / edit screen. */
  form: ScreenName
  buttons: readonly ButtonOf<N>[]
  /** A row as the list, the detail and the save answer it. */
  row: Row
  /** The save body (with `id?`): the spec's messages, default lengths from src/lib/validators. */
  save: Save
  sortable: readonly [S, ...S[]]
  defaultSort: { field: NoInfer<S>; order: SortOrder }
  filters: F
  /**
   * The row field that says whose the row is (`companyId`, `merchantId`), or `'platform'` for
   * platform-wide data every permitted user sees. The server's scope hook filters on it.
   */
  scope: (keyof z.output<Row> & string) | 'platform'
  /** Body fields every list call carries besides the filters (a parent: `dictId`). */
  parent?: P
  /** i18n keys of the fields' names: export headers, filter labels, the screen's columns. */
  labels: { [K in (keyof z.output<Row> & string) | keyof F]?: MessageKey }
  /** The exported file's columns, in order; headers from `labels`. */
  exportColumns: readonly (keyof z.output<Row> & string)[]
}

export type AnyResource = Resource<
  ScreenName,
  string,
  z.ZodObject,
  z.ZodObject,
  string,
  Filters,
  z.ZodRawShape
>

function listRequestOf<S extends string, F extends Filters, P extends z.ZodRawShape>(
  sortable: readonly [S, ...S[]],
  filters: F,
  parent: P,
) {
  const filterShape = Object.fromEntries(
    Object.entries(filters).map(([k, f]) => [k, f.wire.optional()]),
  ) as { [K in keyof F]: z.ZodOptional<F[K]['wire']> }
  return z.object({
    pageNum: int(1, 1_000_000).default(1),
    pageSize: z
      .union(PAGE_SIZES.map((n) => z.literal(n)) as unknown as [z.ZodLiteral<PageSize>])
      .default(DEFAULT_PAGE_SIZE),
    sort: z
      .object({ field: z.enum(sortable), order: z.enum(SORT_ORDERS).default('asc') })
      .optional(),
    // Strict: a misspelt filter is a 400, never a silently unfiltered list.
    filters: z.strictObject(filterShape).optional(),
    ...parent,
  })
}

export function defineResource<
  const N extends ScreenName,
  const A extends string,
  Row extends z.ZodObject,
  Save extends z.ZodObject,
  const S extends string,
  F extends Filters,
  P extends z.ZodRawShape = Record<never, never>,
>(spec: ResourceSpec<N, A, Row, Save, S, F, P>) {
  const parent = (spec.parent ?? {}) as P
  const list = listRequestOf(spec.sortable, spec.filters, parent)
  // Export: the list's filter, sort and parent without paging; the format of the file.
  const exportRequest = list.omit({ pageNum: true, pageSize: true }).extend({
    format: z.enum(EXPORT_FORMATS),
  })
  const labels = spec.labels as Record<string, MessageKey | undefined>
  const columns: ExportColumn[] = spec.exportColumns.map((key) => {
    const label = labels[key]
    // A definition error, found by the first test that loads the definition.
    if (!label) throw new Error(`${spec.screen}: export column ${key} has no label`)
    return { key, label }
  })
  return { ...spec, columns, requests: { list, export: exportRequest } }
}

export type Resource<
  N extends ScreenName,
  A extends string,
  Row extends z.ZodObject,
  Save extends z.ZodObject,
  S extends string,
  F extends Filters,
  P extends z.ZodRawShape,
> = ResourceSpec<N, A, Row, Save, S, F, P> & {
  /** `exportColumns` with their header keys. */
  columns: ExportColumn[]
  requests: {
    list: ReturnType<typeof listRequestOf<S, F, P>>
    export: z.ZodObject
  }
}

export type RowOf<R extends AnyResource> = z.output<R['row']>
export type SaveOf<R extends AnyResource> = z.output<R['save']>
export type SortFieldOf<R extends AnyResource> = R['sortable'][number]
/** The list call's body, as the server reads it. */
export type ListBodyOf<R extends AnyResource> = z.output<R['requests']['list']>
