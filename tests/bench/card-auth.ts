/**
 * `npm run bench` (part of): the authorisation decision through the signed webhook route on
 * PostgreSQL. A scratch database gets the product's schema and demo data (the server migrates
 * and seeds it); 10 sandbox cards are made and funded through ledger entries; then 100 signed
 * authorisation events a second for 20 s (each a new txnRef, round robin over the cards, so
 * every decision locks a card row, reads its limits and places a hold) go to
 * `POST /admin/channels/webhook/sandbox`. The figures go to bench/card-auth.json.
 * Goal (issue 9): p99 under 50 ms. A benchmark, not a test: nothing passes or fails on a figure.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdirSync, writeFileSync } from 'node:fs'
import autocannon from 'autocannon'
import pg from 'pg'
import { dataKeyFrom } from '../../server/cards/cardData'
import { signWebhook, webhookSecret, SIGNATURE_HEADER, TIMESTAMP_HEADER } from '../../server/channels/signing'
import { openDatabase } from '../../server/db/client'
import { verifyLedger } from '../../server/ledger/verify'
import { makeCard, type CardFixture } from '../../server/testing/cardFixtures'
import type { Deps } from '../../server/deps'

const BASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const CONNECTIONS = 8
const RATE = 100
const CARDS = 10
const DURATION = Number(process.env.BENCH_SECONDS ?? 20)

const name = `vcc_bench_auth_${randomBytes(4).toString('hex')}`
const admin = new pg.Client({ connectionString: BASE_URL })
admin.on('error', () => {})
await admin.connect()
await admin.query(`create database ${name}`)
const dbUrl = new URL(BASE_URL)
dbUrl.pathname = `/${name}`

const dataKeyHex = randomBytes(32).toString('hex')
let server: ChildProcess | undefined
/** A connection to the scratch database; other suites on this PostgreSQL may end backends. */
async function connect() {
  const client = new pg.Client({ connectionString: dbUrl.toString() })
  client.on('error', () => {})
  await client.connect()
  return client
}
let db = await connect()
/** Runs a statement, again on a new connection if the backend was ended under it (57P01). */
async function run(sql: string) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.query(sql)
    } catch (e) {
      if ((e as { code?: string }).code !== '57P01' || attempt === 3) throw e
      await db.end().catch(() => {})
      db = await connect()
    }
  }
}
try {
  server = spawn('npx', ['tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: dbUrl.toString(),
      DATA_KEY: dataKeyHex,
      SEED_DEMO: '1',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'error',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  })
  const port = await new Promise<number>((resolve) =>
    server!.stdout!.on('data', (d: Buffer) => {
      const m = /running at http:\/\/[^:]+:(\d+)/.exec(d.toString())
      if (m) resolve(Number(m[1]))
    }),
  )

  // Cards made the way a finished creation leaves them, funded by real ledger entries.
  const database = openDatabase({ url: dbUrl.toString(), dataDir: '/tmp' })
  const deps = {
    db: database.db,
    clock: { now: () => new Date() },
    dataKey: dataKeyFrom(dataKeyHex),
  } as unknown as Deps
  const cards: CardFixture[] = []
  for (let i = 0; i < CARDS; i++) cards.push(await makeCard(deps, { balance: 100_000_000 }))
  const secret = webhookSecret(deps.dataKey, 'sandbox')

  let n = 0
  const r = await new Promise<autocannon.Result>((resolve, reject) =>
    autocannon(
      {
        url: `http://127.0.0.1:${port}/admin/channels/webhook/sandbox`,
        method: 'POST',
        connections: CONNECTIONS,
        overallRate: RATE,
        duration: DURATION,
        requests: [
          {
            // Every request a new, signed authorisation (a new event id and txnRef).
            setupRequest: (req) => {
              n += 1
              const card = cards[n % CARDS]
              const body = JSON.stringify({
                id: `bench-ev-${n}`,
                occurredAt: new Date().toISOString(),
                type: 'authorization',
                data: {
                  cardRef: card.channelCardRef,
                  txnRef: `bench-txn-${n}`,
                  merchantAmount: 1_000,
                  merchantCurrency: card.currency,
                  cardAmount: 1_000,
                  cardCurrency: card.currency,
                  exchangeRate: '1',
                  merchantName: 'Bench Shop',
                  region: 'SG',
                },
              })
              const at = Math.floor(Date.now() / 1000)
              return {
                ...req,
                body,
                headers: {
                  'content-type': 'application/json',
                  [TIMESTAMP_HEADER]: String(at),
                  [SIGNATURE_HEADER]: signWebhook(secret, at, body),
                },
              }
            },
          },
        ],
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    ),
  )
  const [{ approved }] = (
    await run(`select count(*)::int as approved from card_transactions where result = 'approved'`)
  ).rows as { approved: number }[]
  const verified = await verifyLedger(database.db)
  await database.close()
  const report = {
    measuredAt: new Date().toISOString(),
    database: 'PostgreSQL',
    cards: CARDS,
    targetPerSecond: RATE,
    connections: CONNECTIONS,
    durationSeconds: DURATION,
    goal: 'authorisation decision through the webhook: p99 < 50 ms at 100/s',
    note: 'the machine is shared with other agents: see loadAverage',
    loadAverage: (await import('node:os')).loadavg().map((l) => +l.toFixed(1)),
    requests: r.requests.total,
    requestsPerSecond: Math.round(r.requests.average),
    approved,
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    maxMs: r.latency.max,
    non2xx: r.non2xx,
    errors: r.errors,
    ledgerVerified: verified.ok,
  }
  mkdirSync('bench', { recursive: true })
  writeFileSync('bench/card-auth.json', JSON.stringify(report, null, 2) + '\n')
  console.table([report])
} finally {
  await db.end().catch(() => {})
  if (server?.pid && server.exitCode === null) {
    await new Promise((resolve) => {
      server!.once('exit', resolve)
      process.kill(-server!.pid!, 'SIGTERM')
    })
  }
  await admin.query(`drop database if exists ${name} with (force)`)
  await admin.end()
}
