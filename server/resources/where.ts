import { and, asc, desc, eq, gte, lt, lte, sql, type SQL } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import type { FilterSpec, Filters, SortOrder } from '../../src/resources/kit'

/** Escapes LIKE wildcards so user input is matched literally (escape character `\`). */
export function likeLiteral(value: string): string {
  return value.replace(/[\\%_]/g, (ch) => `\\${ch}`)
}

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000)

/** One filter's condition; an absent or empty value is "no filter", never "equals ''". */
export function filterCondition(
  spec: FilterSpec,
  column: AnyPgColumn,
  value: unknown,
): SQL | undefined {
  if (value === undefined || value === null || value === '') return undefined
  switch (spec.kind) {
    case 'text':
      return sql`${column} ilike ${`%${likeLiteral(String(value))}%`} escape '\\'`
    case 'exact':
    case 'enum':
    case 'flag':
    case 'company':
    case 'merchant':
      return eq(column, value)
    case 'dateRange': {
      const { from, to } = value as { from?: string; to?: string }
      // Whole UTC days, both ends included: [from 00:00, the day after `to` 00:00).
      return and(
        from ? gte(column, new Date(`${from}T00:00:00Z`)) : undefined,
        to ? lt(column, nextDay(to)) : undefined,
      )
    }
    case 'amountRange': {
      const { min, max } = value as { min?: number; max?: number }
      return and(
        min !== undefined ? gte(column, min) : undefined,
        max !== undefined ? lte(column, max) : undefined,
      )
    }
  }
}

/** The conditions of every filter given in the request, joined with AND. */
export function filtersWhere<F extends Filters, C = unknown>(
  specs: F,
  columns: Record<keyof F, AnyPgColumn>,
  values: Partial<Record<keyof F, unknown>> = {},
  custom: Partial<Record<string, (value: unknown, ctx: C) => SQL>> = {},
  /** Passed to a custom condition (the service context: its clock). */
  ctx?: C,
): SQL | undefined {
  return and(
    ...Object.entries(specs).map(([k, spec]) => {
      const value = values[k as keyof F]
      const own = custom[k]
      if (own) {
        return value === undefined || value === null || value === '' ? undefined : own(value, ctx!)
      }
      return filterCondition(spec, columns[k as keyof F], value)
    }),
  )
}

/** ORDER BY the chosen column, then the id in the same direction (pages never overlap). */
export function orderBy(column: AnyPgColumn, id: AnyPgColumn, order: SortOrder): SQL[] {
  const dir = order === 'desc' ? desc : asc
  return [dir(column), dir(id)]
}

/**
 * Keyset condition: rows after `(key, id)` in that order. `key` is the sort column's value as
 * PostgreSQL prints it (`::text`), cast back to the column's type, so timestamps keep their
 * microseconds (a JS Date would round them and skip or repeat rows).
 */
export function after(
  column: AnyPgColumn,
  id: AnyPgColumn,
  order: SortOrder,
  last: { key: string; id: number },
): SQL {
  const type = sql.raw(column.getSQLType())
  const op = sql.raw(order === 'desc' ? '<' : '>')
  return sql`(${column}, ${id}) ${op} (cast(${last.key} as ${type}), ${last.id})`
}
