/**
 * `npm run bench` (part): API throughput on PostgreSQL. 32 concurrent clients for 20 s on
 * `/admin/menu/query` and `/admin/parameter/list`, against the product (compiled, as
 * production runs it) and against a bare floor (tests/bench/floor.ts, compiled the same way)
 * in the same run, both over one fresh database with the demo data. Requests/s, p50 and p99
 * go to bench/api-throughput.json. Goal (issue 7): each call at least 50 % of the floor's
 * requests/s, with a p99 at most twice the floor's.
 * A benchmark, not a test: nothing here passes or fails on a figure.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import {
  buildScript,
  buildServer,
  CONNECTIONS,
  DURATION,
  figures,
  load,
  loadAverage,
  productCpuMs,
  scratchDatabase,
  signIn,
  startProcess,
  startProduct,
  stopAll,
} from './harness'

const CALLS = [
  { path: '/admin/menu/query', body: '{}' },
  { path: '/admin/parameter/list', body: '{"pageNum":1,"pageSize":10}' },
]

buildServer()
const floorScript = await buildScript('tests/bench/floor.ts')
const database = await scratchDatabase('vcc_bench')
try {
  const productPort = await startProduct(database.url)
  const floorPort = await startProcess(
    'node',
    [floorScript],
    { DATABASE_URL: database.url, PORT: '0' },
    /floor listening on (\d+)/,
  )
  const token = await signIn(productPort)
  const run = (port: number, path: string, body: string, duration = DURATION) =>
    load({
      url: `http://127.0.0.1:${port}${path}`,
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      duration,
    })

  const loadBefore = loadAverage()
  const results = []
  for (const call of CALLS) {
    // A short warm-up of each server first, so neither is measured compiling its hot paths.
    await run(floorPort, call.path, call.body, 2)
    const floorResult = figures(await run(floorPort, call.path, call.body))
    await run(productPort, call.path, call.body, 2)
    const cpuBefore = productCpuMs()
    const productRun = await run(productPort, call.path, call.body)
    const productResult = figures(productRun, productCpuMs() - cpuBefore)
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
    product: 'node dist-server/main.js (compiled, what npm start runs)',
    loadAverageBefore: loadBefore,
    loadAverageAfter: loadAverage(),
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
      'p99 ×': r.p99VsFloor,
      'product CPU ms/req': r.product.cpuMsPerRequest,
    })),
  )
} finally {
  await stopAll()
  await database.drop()
}
