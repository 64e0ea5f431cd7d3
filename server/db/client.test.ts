import { eq, sql } from 'drizzle-orm'
import { integer, pgTable } from 'drizzle-orm/pg-core'
import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { openDatabase, preparedInTx } from './client'

const url = process.env.DATABASE_URL

type Rows<T> = { rows: T[] }

describe.runIf(url)('the PostgreSQL pool', () => {
  it('survives the server ending an idle connection, and reports it', async () => {
    const errors: Error[] = []
    const database = openDatabase({ url, dataDir: '', onIdleError: (e) => errors.push(e) })
    const backend = (await database.db.execute(
      sql`select pg_backend_pid() as pid`,
    )) as unknown as Rows<{ pid: number }>
    const admin = new pg.Client({ connectionString: url })
    await admin.connect()
    await admin.query('select pg_terminate_backend($1)', [backend.rows[0].pid])
    await admin.end()
    await expect.poll(() => errors.length).toBeGreaterThan(0)
    // The next query gets a fresh connection.
    const again = (await database.db.execute(sql`select 1 as one`)) as unknown as Rows<{
      one: number
    }>
    expect(again.rows[0].one).toBe(1)
    await database.close()
  })
})

const probe = pgTable('tx_probe', { id: integer('id').notNull() })

describe('a statement prepared for transactions (preparedInTx)', () => {
  it('runs on the transaction’s own connection, built once', async () => {
    let builds = 0
    const probeById = preparedInTx((tx) => {
      builds += 1
      return tx
        .select()
        .from(probe)
        .where(eq(probe.id, sql.placeholder('id')))
        .prepare('tx_probe_by_id')
    })
    const database = url
      ? openDatabase({ url, dataDir: '' })
      : openDatabase({ dataDir: 'memory://' })
    for (const id of [1, 2]) {
      // The table exists for that transaction only: outside it, on another connection (or,
      // on PGlite, waiting for the transaction to end), the statement could not find the row.
      const rows = await database.db.transaction(async (tx) => {
        await tx.execute(sql`create temporary table tx_probe (id integer not null) on commit drop`)
        await tx.execute(sql`insert into tx_probe values (${id})`)
        return probeById(tx).execute({ id })
      })
      expect(rows).toEqual([{ id }])
    }
    expect(builds).toBe(1)
    await database.close()
  })
})
