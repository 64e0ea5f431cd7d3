/**
 * `npm run bench`: the /login page's first-load weight (JS and CSS, gzip) and its largest
 * contentful paint in headless Chromium, against the bare-stack floor (`../shared/bench-floor`:
 * an empty page with React, the router, Radix Themes and cmdk) built and measured the same way
 * in the same run, so the ratio holds on any machine. Runs alternate product and floor so that
 * a busy moment on the machine hits both. Written to bench/login-load.json. A benchmark, not a
 * test: nothing here passes or fails on a figure.
 */
import { execSync, spawn, type ChildProcess } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { chromium, type Browser } from 'playwright-core'

const RUNS = Number(process.env.BENCH_RUNS ?? 5)
const FLOOR_SOURCE = path.resolve(process.env.BENCH_FLOOR_DIR ?? '../shared/bench-floor')
const VITE = path.resolve('node_modules/vite/bin/vite.js')

interface Target {
  name: 'product' | 'floor'
  distDir: string
  url: string
  process: ChildProcess
}

/** Starts a server and resolves with the port it printed (both are started on any free port). */
function startServer(cmd: string, args: string[], opts: { cwd?: string; env?: NodeJS.ProcessEnv }) {
  const child = spawn(cmd, args, {
    cwd: opts.cwd,
    env: { ...process.env, ...opts.env },
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  })
  const port = new Promise<number>((resolve, reject) => {
    let out = ''
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString()
      // The product: "running at http://host:port"; vite preview: "Local: http://host:port/".
      const m = /https?:\/\/[^:\s]+:(\d+)/.exec(out.replace(new RegExp(String.fromCharCode(27) + '\\[[0-9;]*m', 'g'), ''))
      if (m) resolve(Number(m[1]))
    })
    child.once('exit', (code) => reject(new Error(`${cmd} exited (${code}) before listening`)))
  })
  return { child, port }
}

function buildProduct(): Promise<Target> {
  // Built and served as `npm start` does: the console, then the compiled server on plain node.
  execSync('npm run build --silent > /dev/null', {
    stdio: 'inherit',
    env: { ...process.env, BASE_PATH: '/' },
  })
  const { child, port } = startServer('node', ['dist-server/main.js'], {
    env: {
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'vcc-bench-')),
      LOG_LEVEL: 'error',
    },
  })
  return port.then((p) => ({
    name: 'product',
    distDir: path.resolve('dist'),
    url: `http://127.0.0.1:${p}/login`,
    process: child,
  }))
}

/**
 * The floor is read-only and shared: copy it, give it our node_modules (its dependencies are a
 * subset of ours, pinned to the same versions), build and serve it with `vite preview`.
 */
function buildFloor(): Promise<Target> {
  const dir = path.join(mkdtempSync(path.join(os.tmpdir(), 'vcc-floor-')), 'bench-floor')
  cpSync(FLOOR_SOURCE, dir, { recursive: true })
  execSync(`chmod -R u+w ${JSON.stringify(dir)}`)
  symlinkSync(path.resolve('node_modules'), path.join(dir, 'node_modules'), 'dir')
  execSync(`node ${VITE} build --logLevel error`, { cwd: dir, stdio: 'inherit' })
  const { child, port } = startServer('node', [VITE, 'preview', '--host', '127.0.0.1', '--port', '4173'], {
    cwd: dir,
  })
  return port.then((p) => ({
    name: 'floor',
    distDir: path.join(dir, 'dist'),
    url: `http://127.0.0.1:${p}/`,
    process: child,
  }))
}

interface Run {
  lcpMs: number
  lcpElement: string
  assets: string[]
}

async function measureOnce(browser: Browser, target: Target): Promise<Run> {
  const context = await browser.newContext()
  const page = await context.newPage()
  const assets = new Set<string>()
  page.on('response', (r) => {
    const u = new URL(r.url())
    if (/\.(js|css)$/.test(u.pathname)) assets.add(u.pathname)
  })
  await page.goto(target.url, { waitUntil: 'networkidle' })
  const lcp = await page.evaluate(
    () =>
      new Promise<{ ms: number; element: string }>((resolve) => {
        new PerformanceObserver((list) => {
          const last = list.getEntries().at(-1) as PerformanceEntry & { element?: Element | null }
          const el = last.element
          const text = (el?.textContent ?? '').trim().slice(0, 40)
          resolve({ ms: last.startTime, element: el ? `<${el.tagName.toLowerCase()}> ${text}` : '?' })
        }).observe({ type: 'largest-contentful-paint', buffered: true })
      }),
  )
  await context.close()
  return { lcpMs: lcp.ms, lcpElement: lcp.element, assets: [...assets] }
}

const gzipOf = (distDir: string, asset: string) =>
  gzipSync(readFileSync(path.join(distDir, asset))).length

function gzipBytes(distDir: string, assets: string[]) {
  let js = 0
  let css = 0
  for (const asset of assets) {
    if (asset.endsWith('.js')) js += gzipOf(distDir, asset)
    else css += gzipOf(distDir, asset)
  }
  return { js, css, total: js + css }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]

const product = await buildProduct()
const floor = await buildFloor()
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

const runs: Record<Target['name'], Run[]> = { product: [], floor: [] }
try {
  // One unmeasured visit each: the servers' first answers (file reads, JIT) are not the page's.
  await measureOnce(browser, product)
  await measureOnce(browser, floor)
  for (let i = 0; i < RUNS; i++) {
    for (const target of i % 2 ? [floor, product] : [product, floor]) {
      runs[target.name].push(await measureOnce(browser, target))
    }
  }
} finally {
  await browser.close()
  for (const t of [product, floor]) process.kill(-t.process.pid!, 'SIGTERM')
}

function summary(target: Target) {
  const rs = runs[target.name]
  return {
    url: new URL(target.url).pathname,
    firstLoadGzipBytes: gzipBytes(target.distDir, rs[0].assets),
    // Largest first: where the bytes go.
    files: rs[0].assets
      .map((a) => ({ file: a, gzip: gzipOf(target.distDir, a) }))
      .sort((a, b) => b.gzip - a.gzip),
    largestContentfulPaintMs: {
      median: Math.round(median(rs.map((r) => r.lcpMs))),
      runs: rs.map((r) => Math.round(r.lcpMs)),
    },
    largestContentfulPaintElement: rs[0].lcpElement,
  }
}

const p = summary(product)
const f = summary(floor)
const result = {
  measuredAt: new Date().toISOString(),
  page: '/login',
  runs: RUNS,
  product: p,
  floor: f,
  ratio: {
    firstLoadGzipBytes: Number((p.firstLoadGzipBytes.total / f.firstLoadGzipBytes.total).toFixed(2)),
    largestContentfulPaint: Number(
      (p.largestContentfulPaintMs.median / f.largestContentfulPaintMs.median).toFixed(2),
    ),
  },
  machine:
    `${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${os.cpus()[0]?.model ?? ''}`.trim(),
  loadAverage: os.loadavg().map((l) => Number(l.toFixed(1))),
}
mkdirSync('bench', { recursive: true })
writeFileSync('bench/login-load.json', JSON.stringify(result, null, 2) + '\n')
console.log(JSON.stringify(result, null, 2))
process.exit(0)
