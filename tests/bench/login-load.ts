/**
 * `npm run bench`: the /login page's first-load weight (JS and CSS, gzip) and its largest
 * contentful paint in headless Chromium, written to bench/login-load.json. A benchmark, not a
 * test: nothing here passes or fails on a figure.
 */
import { execSync, spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { chromium } from 'playwright-core'

const RUNS = 5

execSync('npx vite build --logLevel error', {
  stdio: 'inherit',
  env: { ...process.env, BASE_PATH: '/' },
})
const server = spawn('npx', ['tsx', 'server/main.ts'], {
  env: {
    ...process.env,
    PORT: '0', // any free port; read back from the start-up line
    HOST: '127.0.0.1',
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'vcc-bench-')),
    LOG_LEVEL: 'error',
  },
  stdio: ['ignore', 'pipe', 'inherit'],
})
const PORT = await new Promise<number>((resolve) =>
  server.stdout!.on('data', (d: Buffer) => {
    const m = /running at http:\/\/[^:]+:(\d+)/.exec(d.toString())
    if (m) resolve(Number(m[1]))
  }),
)

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
})

let js = 0
let css = 0
const lcps: number[] = []
for (let run = 0; run < RUNS; run++) {
  const context = await browser.newContext()
  const page = await context.newPage()
  const assets = new Set<string>()
  page.on('response', (r) => {
    const u = new URL(r.url())
    if (/\.(js|css)$/.test(u.pathname)) assets.add(u.pathname)
  })
  await page.goto(`http://127.0.0.1:${PORT}/login`, { waitUntil: 'networkidle' })
  const lcp = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries()
          resolve(entries[entries.length - 1].startTime)
        }).observe({ type: 'largest-contentful-paint', buffered: true })
      }),
  )
  lcps.push(lcp)
  if (run === 0) {
    for (const asset of assets) {
      const size = gzipSync(readFileSync(path.join('dist', asset))).length
      if (asset.endsWith('.js')) js += size
      else css += size
    }
  }
  await context.close()
}
await browser.close()
server.kill('SIGTERM')

lcps.sort((a, b) => a - b)
const result = {
  measuredAt: new Date().toISOString(),
  page: '/login',
  firstLoadGzipBytes: { js, css, total: js + css },
  largestContentfulPaintMs: {
    median: Math.round(lcps[Math.floor(RUNS / 2)]),
    runs: lcps.map(Math.round),
  },
  machine:
    `${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${os.cpus()[0]?.model ?? ''}`.trim(),
}
mkdirSync('bench', { recursive: true })
writeFileSync('bench/login-load.json', JSON.stringify(result, null, 2) + '\n')
console.log(JSON.stringify(result, null, 2))
process.exit(0)
