import { z } from '@hono/zod-openapi'
import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import { id, safeString, TEXT_MAX } from '../../src/lib/validators'
import type { Db } from '../db/client'
import { PageRequest } from './envelope'

/**
 * The one server list pattern (DESIGN §4): `{pageNum, pageSize, sort?, filters?}` →
 * `{list, total}`. A screen declares its sortable fields and its filters once with
 * `defineList`; the same definition yields the request schema (so unknown sort fields and bad
 * filter values are 400 field errors) and the Drizzle query. See docs/list-and-form-pattern.md.
 */

type FilterKind = 'exact' | 'contains' | 'boolean'

export interface FilterDef<S extends z.ZodType = z.ZodType> {
  kind: FilterKind
  column: PgColumn
  schema: S
}

const filterText = () => safeString().trim().max(TEXT_MAX)

/** Equal to the value. Text by default; pass a schema for numbers or enums. */
export function exact(column: PgColumn): FilterDef<ReturnType<typeof filterText>>
export function exact<S extends z.ZodType>(column: PgColumn, schema: S): FilterDef<S>
export function exact(column: PgColumn, schema: z.ZodType = filterText()): FilterDef {
  return { kind: 'exact', column, schema }
}

/** Case-insensitive substring (ILIKE); `%`, `_` and `\` in the input match themselves. */
export function contains(column: PgColumn): FilterDef<ReturnType<typeof filterText>> {
  return { kind: 'contains', column, schema: filterText() }
}

/** true / false; absent means both. */
export function flag(column: PgColumn): FilterDef<z.ZodBoolean> {
  return { kind: 'boolean', column, schema: z.boolean() }
}

/** Escapes LIKE wildcards so user input is matched literally (escape character `\`). */
export function likeLiteral(value: string): string {
  return value.replace(/[\\%_]/g, (ch) => `\\${ch}`)
}

function condition(def: FilterDef, value: unknown): SQL | undefined {
  // An empty text box or an absent URL parameter is "no filter", never "equals ''".
  if (value === undefined || value === null || value === '') return undefined
  switch (def.kind) {
    case 'contains':
      return sql`${def.column} ilike ${`%${likeLiteral(String(value))}%`} escape '\\'`
    case 'exact':
    case 'boolean':
      return eq(def.column, value)
  }
}

export const SortOrder = z.enum(['asc', 'desc'])
export type SortOrder = z.infer<typeof SortOrder>

export interface ListSpec<
  T extends PgTable,
  S extends string,
  F extends Record<string, FilterDef>,
> {
  table: T
  /** Wire field name → column. Only these may be sorted on. */
  sortable: Record<S, PgColumn>
  defaultSort: { field: NoInfer<S>; order: SortOrder }
  /** Appended to every order so that pages never overlap or skip rows (usually the id). */
  tiebreak: PgColumn
  filters: F
}

type FilterShape<F extends Record<string, FilterDef>> = {
  [K in keyof F]: z.ZodOptional<F[K]['schema']>
}

export function defineList<
  T extends PgTable,
  const S extends string,
  F extends Record<string, FilterDef>,
>(spec: ListSpec<T, S, F>) {
  const fields = Object.keys(spec.sortable) as [S, ...S[]]
  const filterShape = Object.fromEntries(
    Object.entries(spec.filters).map(([k, f]) => [k, f.schema.optional()]),
  ) as FilterShape<F>

  const sort = z.object({ field: z.enum(fields), order: SortOrder.default('asc') })
  // Strict: a misspelt filter is a 400, not a silently unfiltered list.
  const filters = z.strictObject(filterShape)
  const request = PageRequest.extend({
    sort: sort.optional(),
    filters: filters.optional(),
  })

  type Request = z.infer<typeof request>

  function where(req: Pick<Request, 'filters'>, scope?: SQL): SQL | undefined {
    const values = (req.filters ?? {}) as Record<string, unknown>
    const parts = Object.entries(spec.filters).map(([k, def]) => condition(def, values[k]))
    return and(scope, ...parts)
  }

  function orderBy(req: Pick<Request, 'sort'>): SQL[] {
    const { field, order } = req.sort ?? spec.defaultSort
    const dir = order === 'desc' ? desc : asc
    return [dir(spec.sortable[field as S]), dir(spec.tiebreak)]
  }

  return {
    /**
     * The request body schema. Name it for the contract at the route (`.openapi('XListRequest')`),
     * after `.extend({...})` where the screen adds a scope such as `dictId`.
     */
    request,
    filters,
    where,
    orderBy,
    /**
     * One page of rows and the count of all rows matching the filters (and `scope`, a
     * condition the screen adds itself, e.g. the parent dictionary or the caller's reach).
     */
    async run(
      db: Db,
      req: Request,
      scope?: SQL,
    ): Promise<{ list: T['$inferSelect'][]; total: number }> {
      const cond = where(req, scope)
      // Widened: Drizzle cannot check a generic table against its subquery rules.
      const table: PgTable = spec.table
      const [{ total }] = await db.select({ total: count() }).from(table).where(cond)
      const list = await db
        .select()
        .from(table)
        .where(cond)
        .orderBy(...orderBy(req))
        .limit(req.pageSize)
        .offset((req.pageNum - 1) * req.pageSize)
      return { list: list as T['$inferSelect'][], total: Number(total) }
    },
  }
}

/** `{id}`: detail calls. */
export const IdRequest = z.object({ id: id() })

/**
 * `{ids}`: calls on selected rows. An empty list is the spec's "please Select Row" (a 400 field
 * error on `ids`); at most one page of the largest size.
 */
export const IdsRequest = z.object({
  ids: z.array(id()).min(1).max(200),
})

/** Timestamps go on the wire as UTC ISO 8601 (DESIGN §4). */
export const iso = (d: Date) => d.toISOString()
