/**
 * What the PostgreSQL benchmarks share (api-throughput.ts, transfers.ts, transactions-list.ts,
 * card-auth.ts, card-transactions-list.ts): a scratch database,
 * the product started the way production runs it (the compiled bundle, `node
 * dist-server/main.js`, built once), other processes started and stopped as whole groups, the
 * demo administrator's token, and autocannon's figures. Benchmark infrastructure only.
 */
import { execSync, spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import autocannon from 'autocannon'
import { build } from 'esbuild'
import pg from 'pg'

/** Required with DATABASE_URL; a fresh one per run (the scratch databases are dropped). */
export const BENCH_DATA_KEY = randomBytes(32).toString('hex')

export const BASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
export const CONNECTIONS = 32
export const DURATION = Number(process.env.BENCH_SECONDS ?? 20)

/** A fresh database on the server of BASE_URL; `drop()` removes it (sessions forced out). */
export async function scratchDatabase(prefix: string) {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: BASE_URL })
  // Other suites on this PostgreSQL may end backends; the error surfaces on the next query.
  admin.on('error', () => {})
  await admin.connect()
  await admin.query(`create database ${name}`)
  const url = new URL(BASE_URL)
  url.pathname = `/${name}`
  return {
    name,
    url: url.toString(),
    async drop() {
      await admin.query(`drop database if exists ${name} with (force)`)
      await admin.end()
    },
  }
}

/** Compiles the server as `npm run build` does (scripts/build-server.mjs). */
export function buildServer() {
  execSync('node scripts/build-server.mjs', { stdio: 'inherit' })
}

/**
 * Compiles a bench-only server (the floor) the same way as the product, so both run as plain
 * JavaScript under node. Written below node_modules so its packages resolve.
 */
export async function buildScript(entry: string): Promise<string> {
  const outfile = `node_modules/.cache/vcc-bench/${entry.replace(/\W+/g, '_')}.mjs`
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
  })
  return outfile
}

const children: ChildProcess[] = []
let productPid: number | undefined

/**
 * CPU time (user + system, ms) the product process has used so far. Divided by the requests
 * served it gives the server's own cost per request, a figure that other work on the machine
 * disturbs much less than requests/s.
 */
export function productCpuMs(): number {
  const fields = readFileSync(`/proc/${productPid}/stat`, 'utf8').split(') ')[1].split(' ')
  // utime and stime are fields 14 and 15 of the whole line, in clock ticks (100 per second).
  return (Number(fields[11]) + Number(fields[12])) * 10
}

/**
 * Starts a process in its own group (so its whole tree is stopped at the end) and resolves
 * the number the `ready` pattern captures from its output (the port it listens on).
 */
export function startProcess(
  command: string,
  args: string[],
  env: Record<string, string>,
  ready: RegExp,
): Promise<number> {
  const child = spawn(command, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  })
  children.push(child)
  return new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${command} ${args.join(' ')} exited (${code})`)))
    child.stdout!.on('data', (d: Buffer) => {
      const m = ready.exec(d.toString())
      if (m) resolve(Number(m[1]))
    })
  })
}

/**
 * The product on the given database, compiled, any free port; resolves the port.
 * BENCH_NODE_ARGS adds node options, e.g. `--cpu-prof --cpu-prof-dir=bench-profiles` to
 * profile the server under the bench's load (written when the bench stops it).
 */
export function startProduct(databaseUrl: string): Promise<number> {
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean)
  const port = startProcess(
    'node',
    [...nodeArgs, 'dist-server/main.js'],
    {
      DATABASE_URL: databaseUrl,
      DATA_KEY: BENCH_DATA_KEY,
      SEED_DEMO: '1',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'error',
    },
    /running at http:\/\/[^:]+:(\d+)/,
  )
  productPid = children.at(-1)!.pid
  return port
}

/** Stops every started process group and waits for each to exit. */
export async function stopAll() {
  await Promise.all(
    children.map(
      (child) =>
        new Promise((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null || !child.pid) {
            return resolve(null)
          }
          child.removeAllListeners('exit')
          child.once('exit', resolve)
          process.kill(-child.pid, 'SIGTERM')
        }),
    ),
  )
}

/** The demo administrator's session token. */
export async function signIn(port: number): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${port}/admin/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ loginName: 'admin', password: 'Admin@123456' }),
  })
  return ((await res.json()) as { data: { token: string } }).data.token
}

/** CONNECTIONS clients for DURATION seconds against one call. */
export function load(opts: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) =>
    autocannon({ connections: CONNECTIONS, duration: DURATION, ...opts }, (err, result) =>
      err ? reject(err) : resolve(result),
    ),
  )
}

export const figures = (r: autocannon.Result, cpuMs?: number) => ({
  requestsPerSecond: Math.round(r.requests.average),
  ...(cpuMs === undefined ? {} : { cpuMsPerRequest: +(cpuMs / r.requests.total).toFixed(2) }),
  p50Ms: r.latency.p50,
  p99Ms: r.latency.p99,
  non2xx: r.non2xx,
  errors: r.errors,
})

/** The machine's load, said with every figure: other work on the same cores lowers them. */
export const loadAverage = () => os.loadavg().map((n) => +n.toFixed(2))

/** A client of `url` that does not crash the bench when its backend is ended under it. */
export async function connectTo(url: string) {
  const client = new pg.Client({ connectionString: url })
  client.on('error', () => {})
  await client.connect()
  return client
}

export interface BenchContext {
  /** The product's port. */
  port: number
  /** The scratch database's address. */
  url: string
  /** Runs a statement, again on a new connection if the backend was ended under it (57P01). */
  run(sql: string): Promise<pg.QueryResult>
  /** A new client of the scratch database (close it yourself). */
  connect(): Promise<pg.Client>
}

/**
 * The preamble and the clean-up of the list and card benches: a scratch database named after
 * `prefix`, the compiled product started on it (it migrates and seeds the demo data), `body`
 * run with both, then every process stopped and the database dropped, whatever happened.
 */
export async function onScratchProduct<T>(
  prefix: string,
  body: (ctx: BenchContext) => Promise<T>,
): Promise<T> {
  const scratch = await scratchDatabase(prefix)
  let db = await connectTo(scratch.url)
  try {
    buildServer()
    const port = await startProduct(scratch.url)
    return await body({
      port,
      url: scratch.url,
      connect: () => connectTo(scratch.url),
      async run(sql) {
        for (let attempt = 1; ; attempt++) {
          try {
            return await db.query(sql)
          } catch (e) {
            if ((e as { code?: string }).code !== '57P01' || attempt === 3) throw e
            await db.end().catch(() => {})
            db = await connectTo(scratch.url)
          }
        }
      },
    })
  } finally {
    await db.end().catch(() => {})
    await stopAll()
    await scratch.drop()
  }
}

/** Writes a bench's figures to bench/<name>.json. */
export function writeReport(name: string, report: unknown) {
  mkdirSync('bench', { recursive: true })
  writeFileSync(`bench/${name}.json`, JSON.stringify(report, null, 2) + '\n')
}
