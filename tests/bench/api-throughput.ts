/**
 * `npm run bench` (second part): API throughput on PostgreSQL. 32 concurrent clients for 20 s
 * on `/admin/menu/query` and `/admin/parameter/list`, against the product and against a bare
 * floor (tests/bench/floor.ts) in the same run, both over one fresh database with the demo
 * data. Requests/s, p50 and p99 go to bench/api-throughput.json. Goal (issue 7): each call at
 * least 50 % of the floor's requests/s, with a p99 at most twice the floor's.
 * A benchmark, not a test: nothing here passes or fails on a figure.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdirSync, writeFileSync } from 'node:fs'
import autocannon from 'autocannon'
import pg from 'pg'

const BASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const CONNECTIONS = 32
const DURATION = Number(process.env.BENCH_SECONDS ?? 20)
const CALLS = [
  { path: '/admin/menu/query', body: '{}' },
  { path: '/admin/parameter/list', body: '{"pageNum":1,"pageSize":10}' },
]

const name = `vcc_bench_${randomBytes(4).toString('hex')}`
const admin = new pg.Client({ connectionString: BASE_URL })
await admin.connect()
await admin.query(`create database ${name}`)
const dbUrl = new URL(BASE_URL)
dbUrl.pathname = `/${name}`

function start(args: string[], env: Record<string, string>, ready: RegExp) {
  // Its own process group, so that the whole tree (npx → tsx → node) is stopped at the end.
  const child = spawn('npx', ['tsx', ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  })
  const port = new Promise<number>((resolve) =>
    child.stdout!.on('data', (d: Buffer) => {
      const m = ready.exec(d.toString())
      if (m) resolve(Number(m[1]))
    }),
  )
  return { child, port }
}

const children: ChildProcess[] = []
try {
  const product = start(
    ['server/main.ts'],
    {
      DATABASE_URL: dbUrl.toString(),
      SEED_DEMO: '1',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'error',
    },
    /running at http:\/\/[^:]+:(\d+)/,
  )
  children.push(product.child)
  const productPort = await product.port
  const floor = start(
    ['tests/bench/floor.ts'],
    { DATABASE_URL: dbUrl.toString(), PORT: '0' },
    /floor listening on (\d+)/,
  )
  children.push(floor.child)
  const floorPort = await floor.port

  const login = await fetch(`http://127.0.0.1:${productPort}/admin/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ loginName: 'admin', password: 'Admin@123456' }),
  })
  const token = ((await login.json()) as { data: { token: string } }).data.token

  const run = (port: number, path: string, body: string) =>
    new Promise<autocannon.Result>((resolve, reject) =>
      autocannon(
        {
          url: `http://127.0.0.1:${port}${path}`,
          method: 'POST',
          body,
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          connections: CONNECTIONS,
          duration: DURATION,
        },
        (err, result) => (err ? reject(err) : resolve(result)),
      ),
    )

  const figures = (r: autocannon.Result) => ({
    requestsPerSecond: Math.round(r.requests.average),
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors,
  })

  const results = []
  for (const call of CALLS) {
    const floorResult = figures(await run(floorPort, call.path, call.body))
    const productResult = figures(await run(productPort, call.path, call.body))
    results.push({
      call: call.path,
      floor: floorResult,
      product: productResult,
      shareOfFloor: +(productResult.requestsPerSecond / floorResult.requestsPerSecond).toFixed(2),
      p99VsFloor: +(productResult.p99Ms / floorResult.p99Ms).toFixed(2),
    })
  }
  const report = {
    measuredAt: new Date().toISOString(),
    connections: CONNECTIONS,
    durationSeconds: DURATION,
    database: 'PostgreSQL',
    goal: 'product ≥ 50 % of the floor requests/s and p99 ≤ 2 × the floor p99',
    results,
  }
  mkdirSync('bench', { recursive: true })
  writeFileSync('bench/api-throughput.json', JSON.stringify(report, null, 2) + '\n')
  console.table(
    results.map((r) => ({
      call: r.call,
      'floor req/s': r.floor.requestsPerSecond,
      'floor p99': r.floor.p99Ms,
      'product req/s': r.product.requestsPerSecond,
      'product p99': r.product.p99Ms,
      share: r.shareOfFloor,
    })),
  )
} finally {
  // Stop both servers (whole process groups) and wait for them before dropping their database.
  await Promise.all(
    children.map(
      (child) =>
        new Promise((resolve) => {
          if (child.exitCode !== null || !child.pid) return resolve(null)
          child.once('exit', resolve)
          process.kill(-child.pid, 'SIGTERM')
        }),
    ),
  )
  await admin.query(`drop database if exists ${name} with (force)`)
  await admin.end()
}
