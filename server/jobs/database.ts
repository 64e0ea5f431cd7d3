import type { PGlite, Results } from '@electric-sql/pglite'
import type pg from 'pg'
import type { Database } from '../db/client'

/** What pg-boss runs its SQL through (its `db` option): one statement or a script, no pool. */
export interface JobSql {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: any[] }>
}

/**
 * pg-boss on the process's own database handle, so the job system opens no connection of its
 * own: the node-postgres pool on PostgreSQL, the one PGlite instance when embedded. PGlite's
 * `query` takes one statement with parameters (the extended protocol); pg-boss also sends
 * scripts without parameters (its schema, its locked `BEGIN … COMMIT` blocks), which go
 * through `exec` (the simple protocol), answering the last statement's result as node-postgres
 * does for one statement. Both wait for a transaction open on PGlite to end, so a job's SQL
 * never lands inside someone else's transaction — and so nothing may send a job from inside
 * a `db.transaction` on PGlite: it would wait for itself.
 */
export function jobSqlFor(database: Database): JobSql {
  const client = (database.db as unknown as { $client: PGlite | pg.Pool }).$client
  if (database.kind === 'postgres') {
    const pool = client as pg.Pool
    return { executeSql: (text, values) => pool.query(text, values) }
  }
  const pglite = client as PGlite
  return {
    async executeSql(text, values) {
      if (values && values.length > 0) return pglite.query(text, values)
      const results: Results[] = await pglite.exec(text)
      return results.at(-1) ?? { rows: [] }
    },
  }
}
