import { z } from 'zod'
import type { ButtonAction, MessageKey } from '../i18n/keys'
import type { ScreenName } from '../lib/screens'
import { int } from '../lib/validators'
import { fieldsIn, labelKey, type FieldSpec, type FieldSpecs, type LabelsExist } from './fields'
import type { Filters } from './filters'

export { field } from './fields'
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

/** A column of the exported file: a row field, the i18n key of its header, how it is written. */
export interface ExportColumn<K extends string = string> {
  key: K
  label: MessageKey
  field: FieldSpec
  /** The definition's messages prefix (an amount's header names its currency column). */
  messages: string
}

export interface ResourceSpec<
  N extends ScreenName,
  A extends string,
  Row extends z.ZodObject,
  Save extends z.ZodObject,
  S extends string,
  F extends Filters,
  P extends z.ZodRawShape,
  M extends string = string,
  Fs extends FieldSpecs = FieldSpecs,
  B extends ButtonAction = ButtonAction,
> {
  /** Contract names: `<name>` (the row), `<name>ListRequest`, `<name>SaveRequest`, … */
  name: string
  /** API area: `/parameter` → `/parameter/list`, `/detail`, `/save`, `/delete`, `/export`. */
  api: A
  /** The list screen; its buttons are the permissions of the writes. */
  screen: N
  /** The create / edit screen. */
  form: ScreenName
  /**
   * The list screen's buttons this resource declares: the registry's buttons of the screen
   * (src/resources/registry.ts), `add` / `edit` opening `form`. An action without a button
   * label (`menu:button.<action>`) does not compile.
   */
  buttons: readonly B[]
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
  /**
   * Where the resource's messages live (`cards:holder`): a field or filter `x` is labelled
   * `cards:holder.fields.x` (src/resources/fields.ts), in both languages, or it does not compile.
   */
  messages: M
  /**
   * The fields, in the order lists, forms, views and exports show them: widget and presence.
   * A field is a row or save field, or one the screen draws from others (a full name).
   */
  fields: Fs & LabelsExist<M, (keyof Fs & string) | (keyof F & string)>
}

/** Row fields that are plain text on the wire: `...strings('firstName', 'lastName')`. */
export function strings<const K extends string>(...names: K[]) {
  return Object.fromEntries(names.map((n) => [n, z.string()])) as Record<K, z.ZodString>
}

export type AnyResource = Resource<
  ScreenName,
  string,
  z.ZodObject,
  z.ZodObject,
  string,
  Filters,
  z.ZodRawShape,
  string,
  FieldSpecs
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
  const M extends string = string,
  const Fs extends FieldSpecs = FieldSpecs,
  const B extends ButtonAction = never,
>(spec: ResourceSpec<N, A, Row, Save, S, F, P, M, Fs, B>) {
  const parent = (spec.parent ?? {}) as P
  const list = listRequestOf(spec.sortable, spec.filters, parent)
  // Export: the list's filter, sort and parent without paging; the format of the file.
  const exportRequest = list.omit({ pageNum: true, pageSize: true }).extend({
    format: z.enum(EXPORT_FORMATS),
  })
  const fields: Fs = spec.fields
  const columns: ExportColumn[] = fieldsIn(fields, 'export').map((key) => {
    const field = (fields as FieldSpecs)[key]
    // Definition errors, found by the first test that loads the definition.
    if (!(key in spec.row.shape))
      throw new Error(`${spec.screen}: export of ${key}: not a row field`)
    // An amount's header may name its currency column: it is exported too.
    if (field.widget === 'money' && !(fields as FieldSpecs)[field.currency]?.in.includes('export'))
      throw new Error(`${spec.screen}: ${key}'s currency ${field.currency} is not exported`)
    return { key, label: labelKey(spec.messages, key), field, messages: spec.messages }
  })
  return { ...spec, fields, columns, requests: { list, export: exportRequest } }
}

export type Resource<
  N extends ScreenName,
  A extends string,
  Row extends z.ZodObject,
  Save extends z.ZodObject,
  S extends string,
  F extends Filters,
  P extends z.ZodRawShape,
  M extends string = string,
  Fs extends FieldSpecs = FieldSpecs,
  B extends ButtonAction = ButtonAction,
> = Omit<ResourceSpec<N, A, Row, Save, S, F, P, M, Fs, B>, 'fields'> & {
  fields: Fs
  /** The fields present in the export, with their header keys. */
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
