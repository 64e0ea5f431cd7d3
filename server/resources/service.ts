import type { ButtonCode } from '../../src/resources/registry'
import { and, count, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm'
import type { AuditAction, KitAudit } from '../../src/lib/auditActions'
import type { AuditObjectType } from '../../src/lib/auditTargets'
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types'
import type {
  AnyResource,
  ListBodyOf,
  RowOf,
  SaveOf,
  SortFieldOf,
  SortOrder,
} from '../../src/resources/kit'
import { reachOf, type Reach } from '../auth/scope'
import type { Db } from '../db/client'
import { BizError, type Rule } from '../http/errors'
import { requireButton } from '../http/refusals'
import { audit, auditTargetName } from '../audit'
import type { ServiceContext } from './context'
import { after, filtersWhere, orderBy } from './where'

export type Fields = Record<string, AnyPgColumn | SQL | SQL.Aliased>
type Filterable<R extends AnyResource> = SortFieldOf<R> | (keyof R['filters'] & string)

/**
 * How the server keeps one resource: its table, the query the list reads (a projection and
 * joins of its choosing), where each sort and filter field lives, its scope and the hooks for
 * its own rules. `scope` is required: a resource either says how a caller's reach limits its
 * rows or states that it is platform data (`'platform-only'`); forgetting it does not compile.
 */
export interface ResourceStore<R extends AnyResource, T extends PgTable, F extends Fields> {
  table: T
  id: AnyPgColumn
  /** The list's projection; rows are built from it with `toRow`. */
  fields: F
  /** Joins added to `select(fields).from(table)`. */
  join?: (q: any) => any
  /**
   * The joins only add columns to show (left joins on primary keys) and the filters and scope
   * name the table's own columns: the count then reads the table alone. PostgreSQL drops such
   * joins from a count, but still treats the columns their conditions name as needed, which
   * rules out counting from an index (1,000,000 movements, one merchant's 20,000: a bitmap
   * heap scan of every page, 100–350 ms, against an index-only scan, ~10 ms).
   */
  joinsForDisplayOnly?: boolean
  /**
   * Where each sortable and filter field lives, when it is not the table's column of the same
   * name (a joined table's, or another name). Sort columns must be NOT NULL (keyset).
   */
  columns?: Partial<Record<Filterable<R>, AnyPgColumn>>
  /**
   * A filter written as its own condition instead of `column = value` (called only with a
   * value): a filter on another table's column as `fk in (select id … where col = value)`,
   * which uses the foreign key's index, where `(select col …) = value` is a subquery per row.
   */
  filterConditions?: Partial<Record<Filterable<R>, (value: unknown, ctx: ServiceContext) => SQL>>
  /** A row of the answer; `ctx` for what depends on the moment (the clock), not the caller. */
  toRow(r: SelectResultFields<F>, ctx: ServiceContext): RowOf<R>
  /** `ctx` for a scope that depends on the caller beyond its reach (roles: its own grants). */
  scope: ((reach: Reach, ctx: ServiceContext) => SQL | undefined) | 'platform-only'
  /** Prefix of audit actions and targets: `param` → `param.create`, `param:12`. */
  audit: KitAudit
  /** Prefix of audit targets when it differs from `audit` (`dict.value.create`, `dict-value:3`). */
  auditTarget?: AuditObjectType
  /** Codes each call may answer besides its own (the contract's `x-error-codes`). */
  rules: { notFound: Rule; list?: Rule[]; save?: Rule[]; delete?: Rule[] }
  hooks?: ResourceHooks<R, T>
}

export interface ResourceHooks<R extends AnyResource, T extends PgTable> {
  /** The list body's parent fields as a condition (dictionary values: `dictId`). */
  parent?(body: ListBodyOf<R>): SQL | undefined
  /** Checks a list or export body before reading (the parent exists: else its refusal). */
  beforeList?(ctx: ServiceContext, body: ListBodyOf<R>): Promise<void>
  /**
   * First step of a save's transaction, before the row is locked: lock what serialises saves
   * (the parent row), so that two saves always take their locks in the same order.
   */
  lockFirst?(ctx: ServiceContext, tx: Db, input: SaveOf<R>): Promise<void>
  /**
   * Rules of an update or a delete that judge only what never changes in the rows (a rule's
   * level), given the rows read before they are locked: all exist and are in reach. A refusal
   * here writes nothing at all (a row lock is a write to PostgreSQL).
   */
  beforeLock?(ctx: ServiceContext, tx: Db, rows: T['$inferSelect'][]): Promise<void>
  /** Rules of a save, in its transaction, the current row locked (uniqueness, built-in rows…). */
  beforeSave?(
    ctx: ServiceContext,
    tx: Db,
    input: SaveOf<R>,
    current: T['$inferSelect'] | undefined,
  ): Promise<void>
  /**
   * The locked row in the save body's terms, for the audit's `before` when the body names its
   * fields otherwise than the table (a module's `nameEn` is `language.en_US`).
   */
  savedOf?(row: T['$inferSelect']): Record<string, unknown>
  /** Columns an insert sets besides the input (`editable: true`). */
  insertValues?(input: SaveOf<R>): Partial<T['$inferInsert']>
  /** Columns every save (insert or update) sets besides the input (who changed it last). */
  writeValues?(ctx: ServiceContext, input: SaveOf<R>): Partial<T['$inferInsert']>
  /** Rules of a delete, in its transaction, the rows locked. */
  beforeDelete?(ctx: ServiceContext, tx: Db, rows: T['$inferSelect'][]): Promise<void>
  /** Turns a unique-constraint violation (the concurrent insert) into the rule's refusal. */
  conflict?(ctx: ServiceContext, error: unknown, input: SaveOf<R>): BizError | undefined
}

export const EXPORT_BATCH = 500

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null)
const wire = (v: unknown) => (v instanceof Date ? v.toISOString() : v)

/**
 * The audit detail of a save: a create's fields as `after`; an update's changed fields as
 * `before` (the locked row's values) and `after` (what was saved), for the audit screen's diff.
 */
function changes(
  current: Record<string, unknown> | undefined,
  fields: Record<string, unknown>,
): { before?: Record<string, unknown>; after: Record<string, unknown> } {
  if (!current) return { after: fields }
  const changed = Object.keys(fields).filter((k) => !same(wire(current[k]), fields[k]))
  return {
    before: Object.fromEntries(changed.map((k) => [k, wire(current[k]) ?? null])),
    after: Object.fromEntries(changed.map((k) => [k, fields[k]])),
  }
}

/** A deleted row's merchant and company, for the tenancy of its audit row. */
function ownerOf(row: Record<string, unknown>) {
  const num = (v: unknown) => (typeof v === 'number' ? v : null)
  return { merchantId: num(row.merchantId), companyId: num(row.companyId) }
}

/** Services of one resource; they take the plain context, so jobs and channels call them too. */
export function resourceService<R extends AnyResource, T extends PgTable, F extends Fields>(
  def: R,
  store: ResourceStore<R, T, F>,
) {
  const table = store.table as PgTable
  const own = getTableColumns(table) as Record<string, AnyPgColumn>
  const columns = Object.fromEntries(
    [...def.sortable, ...Object.keys(def.filters)].map((k) => {
      const column = (store.columns as Record<string, AnyPgColumn> | undefined)?.[k] ?? own[k]
      // A definition the store does not match, found when the resource is registered.
      if (!column) throw new Error(`${def.api}: no column for ${k}`)
      return [k, column]
    }),
  ) as Record<Filterable<R>, AnyPgColumn>
  const select = (db: Db, fields: Fields) => {
    const q = db.select(fields).from(table).$dynamic()
    return (store.join ? store.join(q) : q) as typeof q
  }

  /**
   * `db` is the transaction inside a write: reading the reach on another connection would wait
   * for one the transaction holds (PGlite has a single connection, so it would never return).
   */
  async function scopeOf(ctx: ServiceContext, db: Db = ctx.db): Promise<SQL | undefined> {
    if (store.scope === 'platform-only') return undefined
    if (!ctx.actor) return sql`false`
    return store.scope(await reachOf(db, ctx.actor), ctx)
  }

  async function where(ctx: ServiceContext, body: Omit<ListBodyOf<R>, 'pageNum' | 'pageSize'>) {
    await store.hooks?.beforeList?.(ctx, body as ListBodyOf<R>)
    return and(
      await scopeOf(ctx),
      store.hooks?.parent?.(body as ListBodyOf<R>),
      filtersWhere(
        def.filters,
        columns,
        body.filters as Record<string, unknown>,
        store.filterConditions as
          Record<string, (value: unknown, ctx: ServiceContext) => SQL> | undefined,
        ctx,
      ),
    )
  }

  function sortOf(body: { sort?: { field: string; order: SortOrder } }) {
    const { field, order } = body.sort ?? def.defaultSort
    return { column: columns[field as Filterable<R>], order }
  }

  const toRow = (ctx: ServiceContext) => (r: unknown) =>
    store.toRow(r as SelectResultFields<F>, ctx)

  async function countRows(ctx: ServiceContext, cond: SQL | undefined) {
    const query = store.joinsForDisplayOnly
      ? ctx.db.select({ total: count() }).from(table).$dynamic()
      : select(ctx.db, { total: count() })
    const [{ total }] = await query.where(cond)
    return Number(total)
  }

  async function byId(ctx: ServiceContext, db: Db, id: number): Promise<RowOf<R>> {
    const [row] = await select(db, store.fields).where(
      and(await scopeOf(ctx, db), eq(store.id, id)),
    )
    if (!row) throw new BizError(store.rules.notFound)
    return toRow(ctx)(row)
  }

  /**
   * Locks the rows of `ids` the caller reaches; a missing one refuses the whole call. Reach,
   * existence and the `beforeLock` rules are judged on an unlocked read first, so that those
   * refusals leave no trace (a row lock is a write to PostgreSQL).
   */
  async function lock(ctx: ServiceContext, tx: Db, ids: number[]): Promise<T['$inferSelect'][]> {
    const scope = await scopeOf(ctx, tx)
    // The scope may name joined tables: check reach on the list query, lock on the table.
    const reachable = scope
      ? (await select(tx, { id: store.id }).where(and(scope, inArray(store.id, ids)))).length
      : ids.length
    const seen = await tx.select().from(table).where(inArray(store.id, ids))
    if (seen.length !== ids.length || reachable !== ids.length) {
      throw new BizError(store.rules.notFound)
    }
    await store.hooks?.beforeLock?.(ctx, tx, seen as T['$inferSelect'][])
    const rows = await tx.select().from(table).where(inArray(store.id, ids)).for('update')
    // Deleted between the two reads.
    if (rows.length !== ids.length) throw new BizError(store.rules.notFound)
    return rows as T['$inferSelect'][]
  }

  const target = (id: number) => `${store.auditTarget ?? store.audit}:${id}`
  // The table's key of the id column (its JS name), to read ids from whole rows.
  const idKey = Object.entries(own).find(([, c]) => c === store.id)?.[0] ?? 'id'

  const requireAction = (ctx: ServiceContext, action: string) =>
    requireButton(ctx, `${def.screen}:${action}` as ButtonCode)

  return {
    /** One page and the count of all rows matching the filters, the parent and the scope. */
    async list(ctx: ServiceContext, body: ListBodyOf<R>) {
      const { pageNum, pageSize } = body as { pageNum: number; pageSize: number }
      const cond = await where(ctx, body)
      const sort = sortOf(body)
      const total = await countRows(ctx, cond)
      const rows = await select(ctx.db, store.fields)
        .where(cond)
        .orderBy(...orderBy(sort.column, store.id, sort.order))
        .limit(pageSize)
        .offset((pageNum - 1) * pageSize)
      return { list: rows.map(toRow(ctx)), total }
    },

    detail: (ctx: ServiceContext, id: number) => byId(ctx, ctx.db, id),

    /** Creates (no id: button `add`) or updates (`edit`) a row, with its audit, in one transaction. */
    async save(ctx: ServiceContext, input: SaveOf<R>): Promise<RowOf<R>> {
      const { id, ...fields } = input as { id?: number } & Record<string, unknown>
      requireAction(ctx, id ? 'edit' : 'add')
      const now = ctx.clock.now()
      const written = { ...fields, ...store.hooks?.writeValues?.(ctx, input) }
      try {
        return await ctx.db.transaction(async (tx) => {
          await store.hooks?.lockFirst?.(ctx, tx, input)
          const current = id ? (await lock(ctx, tx, [id]))[0] : undefined
          await store.hooks?.beforeSave?.(ctx, tx, input, current)
          const [saved] = id
            ? await tx
                .update(table)
                .set({ ...written, updatedAt: now } as never)
                .where(eq(store.id, id))
                .returning({ id: store.id })
            : await tx
                .insert(table)
                .values({
                  ...written,
                  ...store.hooks?.insertValues?.(input),
                  createdAt: now,
                  updatedAt: now,
                } as never)
                .returning({ id: store.id })
          const rowId = saved.id as number
          const action: AuditAction = id ? `${store.audit}.update` : `${store.audit}.create`
          const stored = current && (store.hooks?.savedOf?.(current) ?? current)
          const detail = changes(stored as Record<string, unknown> | undefined, fields)
          await audit(ctx, { action, target: target(rowId), detail }, tx)
          return byId(ctx, tx, rowId)
        })
      } catch (e) {
        throw store.hooks?.conflict?.(ctx, e, input) ?? e
      }
    },

    /** Deletes all of `ids` or none (a missing row or a rule refuses the whole call). */
    async remove(ctx: ServiceContext, ids: number[]): Promise<number> {
      requireAction(ctx, 'delete')
      const unique = [...new Set(ids)]
      return ctx.db.transaction(async (tx) => {
        const rows = await lock(ctx, tx, unique)
        await store.hooks?.beforeDelete?.(ctx, tx, rows)
        // Named before they are gone: each delete's row keeps the name its object had.
        const names = new Map<number, string | null>()
        for (const row of rows as Record<string, unknown>[]) {
          const rowId = row[idKey] as number
          names.set(rowId, await auditTargetName(tx, target(rowId)))
        }
        await tx.delete(table).where(inArray(store.id, unique))
        // One row per object, so that each object's history has its delete.
        for (const row of rows as Record<string, unknown>[]) {
          const rowId = row[idKey] as number
          await audit(
            ctx,
            {
              action: `${store.audit}.delete`,
              target: target(rowId),
              owner: ownerOf(row),
              targetName: names.get(rowId) ?? null,
            },
            tx,
          )
        }
        return rows.length
      })
    },

    /** The count of rows an export will write (the `X-Total-Count` header). */
    async exportCount(ctx: ServiceContext, body: Omit<ListBodyOf<R>, 'pageNum' | 'pageSize'>) {
      return countRows(ctx, await where(ctx, body))
    },

    /**
     * Every matching row in the chosen order, read in batches of EXPORT_BATCH with a keyset
     * (the last row's sort value and id), so memory stays flat however many rows match.
     */
    async *exportRows(
      ctx: ServiceContext,
      body: Omit<ListBodyOf<R>, 'pageNum' | 'pageSize'>,
    ): AsyncGenerator<RowOf<R>> {
      const cond = await where(ctx, body)
      const sort = sortOf(body)
      const keyed = {
        ...store.fields,
        __key: sql<string>`${sort.column}::text`.as('__key'),
        __id: store.id,
      }
      let last: { key: string; id: number } | undefined
      for (;;) {
        const batch = (await select(ctx.db, keyed)
          .where(and(cond, last ? after(sort.column, store.id, sort.order, last) : undefined))
          .orderBy(...orderBy(sort.column, store.id, sort.order))
          .limit(EXPORT_BATCH)) as (Record<string, unknown> & { __key: string; __id: number })[]
        for (const row of batch) yield toRow(ctx)(row)
        if (batch.length < EXPORT_BATCH) return
        const end = batch[batch.length - 1]
        last = { key: end.__key, id: end.__id }
      }
    },
  }
}
