import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import pg from 'pg'
import * as schema from './schema'

/** One database type for both drivers: services are written once against it. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>

export interface Database {
  db: Db
  kind: 'pglite' | 'postgres'
  /**
   * Applies the pending migrations, then runs `afterwards` (the start-up seed) — on PostgreSQL
   * both under one advisory lock, so instances started together take turns (issue 17, item 4).
   */
  migrate(afterwards?: () => Promise<void>): Promise<void>
  /**
   * Hears `channel`'s notifications (NOTIFY / pg_notify) on a connection of its own, and says
   * when hearing starts (`live`) and stops (`lost`: notifications sent meanwhile are missed).
   * On PostgreSQL a lost connection is opened again. Resolves once the first attempt is over.
   */
  listen(channel: string, handlers: ListenHandlers): Promise<() => Promise<void>>
  /** This process's connections to the database: open, and idle among them (opt-information). */
  connections(): { open: number; idle: number }
  close(): Promise<void>
}

export interface ListenHandlers {
  notified(payload: string): void
  live(): void
  lost(): void
  /** The listening connection failed (it is retried). */
  error?(err: Error): void
}

/**
 * The key of the session-level advisory lock the start-up work (migrations, seed) runs under.
 * Any constant; the same in every version of the application.
 */
export const STARTUP_LOCK_KEY = 7_017_170_001

/**
 * Runs `work` while a dedicated connection holds the start-up advisory lock. Drizzle's migrator
 * creates its schema and table with `if not exists`, which two sessions at once still collide
 * on (`duplicate key … pg_type_typname_nsp_index`): one instance crashed in 4 of 4 trials. The
 * migrations run on the locking connection itself, so should it die the lock goes with the
 * work it guarded; the seed then runs on the pool while the lock is still held.
 */
async function underStartupLock(url: string, work: (client: pg.Client) => Promise<void>) {
  const client = new pg.Client({ connectionString: url })
  // A failure is seen by the query that meets it; unheard, the event would end the process.
  client.on('error', () => {})
  await client.connect()
  try {
    await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY])
    await work(client)
  } finally {
    // Ending the session releases a session-level lock.
    await client.end().catch(() => {})
  }
}

const RETRY_LISTEN_MS = 500

/** LISTEN on a connection of its own, opened again whenever it is lost (see Database.listen). */
async function listenOnPostgres(url: string, channel: string, on: ListenHandlers) {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`bad channel name ${channel}`)
  let stopped = false
  let current: pg.Client | null = null
  let retry: NodeJS.Timeout | undefined
  const open = async () => {
    const client = new pg.Client({ connectionString: url })
    current = client
    let gone = false
    const lose = (err?: Error) => {
      if (err) on.error?.(err)
      if (gone) return
      gone = true
      on.lost()
      client.end().catch(() => {})
      if (!stopped) retry = setTimeout(() => void open(), RETRY_LISTEN_MS)
    }
    client.on('notification', (m) => {
      if (m.channel === channel) on.notified(m.payload ?? '')
    })
    client.on('error', lose)
    client.on('end', () => lose())
    try {
      await client.connect()
      await client.query(`listen ${channel}`)
      if (!gone && !stopped) on.live()
    } catch (e) {
      lose(e as Error)
    }
  }
  await open()
  return async () => {
    stopped = true
    clearTimeout(retry)
    await current?.end().catch(() => {})
  }
}

/**
 * A statement built once per database handle and reused: `build` returns a query prepared
 * with placeholders (`.prepare(name)`). On PostgreSQL it is a named statement that each pooled
 * connection parses and plans once; on every call Drizzle then only fills in the values,
 * instead of building the SQL again (the largest per-request cost in a CPU profile of the hot
 * calls, docs/performance.md). Only for the root handle: a transaction builds its own.
 */
export function preparedPerDb<T>(build: (db: Db) => T): (db: Db) => T {
  const byDb = new WeakMap<Db, T>()
  return (db) => {
    let statement = byDb.get(db)
    if (!statement) byDb.set(db, (statement = build(db)))
    return statement
  }
}

/** A transaction's handle (what `db.transaction` passes its callback). */
export type DbTx = Parameters<Parameters<Db['transaction']>[0]>[0]

/**
 * A statement built once and run inside any transaction: `build` returns a query prepared with
 * placeholders (`.prepare(name)`), and each call gives that statement bound to the
 * transaction's connection. For the statements of a hot transaction (the card authorisation):
 * building a statement's SQL took 0.1–0.2 ms of CPU each time, about as much as the rest of
 * its handling. Drizzle ties a prepared statement to the handle it was built on (its
 * `client`), and a transaction has a connection of its own, so the statement built once is
 * reused through a copy whose `client` is the transaction's (both drivers' prepared queries
 * send through `this.client`; client.test.ts checks it runs inside the transaction). The SQL
 * depends only on the driver, so one is built per driver.
 */
export function preparedInTx<T extends object>(build: (tx: DbTx) => T): (tx: DbTx) => T {
  const byDriver = new WeakMap<object, T>()
  return (tx) => {
    const session = tx._.session as unknown as { client: unknown }
    const driver = Object.getPrototypeOf(session) as object
    let statement = byDriver.get(driver)
    if (!statement) {
      statement = build(tx)
      if (!('client' in statement)) throw new Error('a prepared statement without a client')
      // Not kept: the connection of the transaction it was built in.
      ;(statement as { client: unknown }).client = null
      byDriver.set(driver, statement)
    }
    return Object.create(statement, { client: { value: session.client } }) as T
  }
}

type ReleaseOnce = (client: pg.PoolClient, idleListener: unknown) => (err?: Error) => void

/**
 * A client whose connection dies while checked out is handed back to the pool with the error
 * (the pool discards it), even when the code holding it never releases it: Drizzle's
 * `transaction()` checks a client out and sends BEGIN outside its try/finally, so a BEGIN on a
 * terminated connection leaked the client for good — the pool shrank by one per termination
 * and `pool.end()` never returned (server/db/terminate.test.ts). Release becomes idempotent, so
 * the holder's own later release is harmless. This wraps pg-pool's internal `_releaseOnce`.
 */
function releaseDeadClients(pool: pg.Pool) {
  const internal = pool as unknown as { _releaseOnce: ReleaseOnce }
  const releaseOnce = internal._releaseOnce.bind(pool)
  internal._releaseOnce = (client, idleListener) => {
    const release = releaseOnce(client, idleListener)
    let released = false
    const once = (err?: Error) => {
      if (released) return
      released = true
      client.removeListener('error', onError)
      release(err)
    }
    // After the current turn: a holder that handles the failure releases it first, as usual.
    const onError = (err: Error) => setImmediate(() => once(err))
    client.once('error', onError)
    return once
  }
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations')

/**
 * `url` set → PostgreSQL through a node-postgres pool; otherwise embedded PGlite in `dataDir`
 * (`memory://` for an in-memory database, used by the tests).
 */
export function openDatabase(opts: {
  url?: string
  dataDir: string
  onIdleError?: (err: Error) => void
  /** PGlite only: start from this copy of a data directory (`dumpDataDir`), not an empty one. */
  loadDataDir?: Blob
}): Database {
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url, max: 10 })
    releaseDeadClients(pool)
    // An idle client whose connection the server ends (restart, failover, admin command)
    // emits 'error' on the pool; unheard, that would crash the process. The pool drops the
    // client and opens a new one on the next query.
    pool.on('error', (err) => opts.onIdleError?.(err))
    // A client checked out (inside a transaction, or mid-query) has no pool listener: when its
    // backend is terminated it emits 'error' itself, and unheard that ends the process
    // (issue 7, item 1). Every client gets a listener when it connects; the query on it fails,
    // the request answers 503 (server/http/failures.ts), and the pool discards the client on
    // release because it is no longer queryable.
    pool.on('connect', (client) => {
      client.on('error', (err) => opts.onIdleError?.(err))
    })
    const db = drizzlePg(pool, { schema }) as unknown as Db
    const url = opts.url
    return {
      db,
      kind: 'postgres',
      migrate: (afterwards) =>
        underStartupLock(url, async (client) => {
          await migratePg(drizzlePg(client) as never, { migrationsFolder })
          await afterwards?.()
        }),
      listen: (channel, handlers) => listenOnPostgres(url, channel, handlers),
      connections: () => ({ open: pool.totalCount, idle: pool.idleCount }),
      close: () => pool.end(),
    }
  }
  if (!opts.dataDir.startsWith('memory://')) mkdirSync(opts.dataDir, { recursive: true })
  const client = new PGlite(opts.dataDir, { loadDataDir: opts.loadDataDir })
  const db = drizzlePglite(client, { schema }) as unknown as Db
  return {
    db,
    kind: 'pglite',
    // One process per data directory (server/db/dataDirLock.ts): nothing to take turns with.
    migrate: async (afterwards) => {
      await migratePglite(db as never, { migrationsFolder })
      await afterwards?.()
    },
    // One connection, and notifications are delivered on it as its statements complete.
    listen: async (channel, handlers) => {
      const unlisten = await client.listen(channel, (payload) => handlers.notified(payload))
      handlers.live()
      return async () => {
        handlers.lost()
        if (!client.closed) await unlisten()
      }
    },
    // Embedded: one connection, in the process itself.
    connections: () => ({ open: client.closed ? 0 : 1, idle: 0 }),
    close: () => client.close(),
  }
}
