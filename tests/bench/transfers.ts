/**
 * `npm run bench` (part): transfers per second through `POST /admin/accounts/transfer` on
 * PostgreSQL with 32 clients for 20 s, against pgbench's TPC-B on the same server in the same
 * run (issue 8). The product runs compiled (`node dist-server/main.js`) on a fresh demo-seeded
 * database; ACCOUNTS accounts are opened at zero and funded through the transfer call itself
 * from the platform's USD bank account, then every client sends random transfers between them,
 * each with its own requestId. The ledger's reconciliation (`/ledger/verify`) after the load is
 * written with the figures to bench/transfers.json.
 * Goal: at least 25 % of pgbench's tps with a p99 under 100 ms.
 * A benchmark, not a test: nothing here passes or fails on a figure.
 */
import { execFileSync } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { mkdirSync, writeFileSync } from 'node:fs'
import pg from 'pg'
import {
  buildServer,
  CONNECTIONS,
  DURATION,
  figures,
  load,
  loadAverage,
  productCpuMs,
  scratchDatabase,
  signIn,
  startProduct,
  stopAll,
} from './harness'

const ACCOUNTS = 1000
// pgbench's reference run is skipped with BENCH_PGBENCH=0 (while profiling the product alone).
const WITH_PGBENCH = process.env.BENCH_PGBENCH !== '0'
const OPENING_BALANCE = 1_000_000_00 // 1,000,000.00 USD each: random transfers never run dry

/** pgbench TPC-B (scale 1) on its own scratch database: its reported tps and latency. */
async function pgbench() {
  const database = await scratchDatabase('vcc_pgbench')
  try {
    const url = new URL(database.url)
    const args = ['-h', url.hostname, '-p', url.port || '5432', '-U', url.username || 'postgres']
    execFileSync('pgbench', ['-i', '-q', ...args, database.name], { stdio: 'ignore' })
    const out = execFileSync(
      'pgbench',
      ['-c', String(CONNECTIONS), '-j', '2', '-T', String(DURATION), ...args, database.name],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
    )
    const number = (re: RegExp) => Number(re.exec(out)?.[1])
    return {
      tps: Math.round(number(/tps = ([\d.]+)/)),
      averageLatencyMs: number(/latency average = ([\d.]+) ms/),
      transactions: number(/number of transactions actually processed: (\d+)/),
    }
  } finally {
    await database.drop()
  }
}

async function post(port: number, token: string, path: string, body: unknown) {
  const res = await fetch(`http://127.0.0.1:${port}/admin${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  })
  const json = (await res.json()) as { code: number; data: unknown }
  if (json.code !== 0) throw new Error(`${path}: ${JSON.stringify(json)}`)
  return json.data
}

buildServer()
const database = await scratchDatabase('vcc_transfer')
const sql = new pg.Client({ connectionString: database.url })
try {
  const port = await startProduct(database.url)
  const token = await signIn(port)
  await sql.connect()

  // Opening an account has no API call yet: the accounts are opened at zero as the ledger's
  // openAccount does, then funded through the transfer call from the USD bank account.
  const bank = await sql.query<{ id: string }>(
    `select id from ledger_accounts where type = 'external_bank' and currency = 'USD'`,
  )
  const opened = await sql.query<{ id: string }>(
    `insert into ledger_accounts (type, owner_type, owner_id, currency)
     select 'group_pool', 'group', 900000 + n, 'USD' from generate_series(1, $1) n returning id`,
    [ACCOUNTS],
  )
  const ids = opened.rows.map((r) => Number(r.id))
  for (let i = 0; i < ids.length; i += CONNECTIONS) {
    await Promise.all(
      ids.slice(i, i + CONNECTIONS).map((id) =>
        post(port, token, '/accounts/transfer', {
          fromAccountId: Number(bank.rows[0].id),
          toAccountId: id,
          amount: OPENING_BALANCE,
          currency: 'USD',
          requestId: `bench-fund-${id}`,
        }),
      ),
    )
  }
  const entriesBefore = Number((await sql.query('select count(*) from ledger_entries')).rows[0].count)

  const pick = () => ids[Math.floor(Math.random() * ids.length)]
  const transferBody = () => {
    const from = pick()
    let to = pick()
    while (to === from) to = pick()
    return JSON.stringify({
      fromAccountId: from,
      toAccountId: to,
      amount: 1 + Math.floor(Math.random() * 10_000),
      currency: 'USD',
      requestId: randomUUID(),
    })
  }
  const request = {
    method: 'POST',
    path: '/admin/accounts/transfer',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
  }
  const run = (duration: number) =>
    load({
      url: `http://127.0.0.1:${port}`,
      duration,
      requests: [{ ...request, setupRequest: (req) => ({ ...req, body: transferBody() }) }],
    })

  const loadBefore = loadAverage()
  await run(2) // warm-up: the server's hot paths compiled before measuring
  const entriesAfterWarmUp = Number(
    (await sql.query('select count(*) from ledger_entries')).rows[0].count,
  )
  const cpuBefore = productCpuMs()
  const result = await run(DURATION)
  const product = figures(result, productCpuMs() - cpuBefore)
  const entriesAfter = Number((await sql.query('select count(*) from ledger_entries')).rows[0].count)
  const verify = (await post(port, token, '/ledger/verify', {})) as { ok?: boolean }
  const reference = WITH_PGBENCH ? await pgbench() : { tps: NaN }

  const report = {
    measuredAt: new Date().toISOString(),
    connections: CONNECTIONS,
    durationSeconds: DURATION,
    database: 'PostgreSQL',
    product: 'node dist-server/main.js (compiled, what npm start runs)',
    accounts: ACCOUNTS,
    loadAverageBefore: loadBefore,
    loadAverageAfter: loadAverage(),
    goal: "transfers ≥ 25 % of pgbench's tps and p99 < 100 ms",
    transfers: {
      ...product,
      entriesWritten: entriesAfter - entriesAfterWarmUp,
      answered2xx: result['2xx'],
    },
    pgbench: { ...reference, mode: 'TPC-B (scale 1), -c 32 -j 2' },
    shareOfPgbench: +(product.requestsPerSecond / reference.tps).toFixed(2),
    ledgerVerify: verify,
    fundingEntries: entriesBefore,
  }
  mkdirSync('bench', { recursive: true })
  writeFileSync('bench/transfers.json', JSON.stringify(report, null, 2) + '\n')
  console.log(JSON.stringify(report, null, 2))
} finally {
  await sql.end().catch(() => undefined)
  await stopAll()
  await database.drop()
}
