/**
 * Issue 26, finding 3: how much 20 parallel previews of a looping template delay
 * `/admin/health`. The built server (`npm run build` first: dist-server/main.js) on an embedded
 * database in a scratch directory; health timed alone, then while the 20 previews run (they
 * render in worker threads). Figures in bench/template-preview.json. Before the worker, the same
 * previews delayed health by 9.7 s.
 */
import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

const PORT = Number(process.env.BENCH_PORT ?? 4790)
const BASE = `http://127.0.0.1:${PORT}/admin`
const LOOPING = '{% for i in (1..100000) %}{% for j in (1..100000) %}x{% endfor %}{% endfor %}'

async function post(route: string, body: unknown, token?: string) {
  const res = await fetch(`${BASE}${route}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  })
  return (await res.json()) as { code: number; data: { token?: string } }
}

async function healthMs(): Promise<number> {
  const started = performance.now()
  await fetch(`${BASE}/health`)
  return performance.now() - started
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]

const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-preview-'))
const server = spawn('node', ['dist-server/main.js'], {
  env: { ...process.env, PORT: String(PORT), DATA_DIR: dir, LOG_LEVEL: 'error', DATABASE_URL: '' },
  stdio: 'ignore',
})
try {
  for (let i = 0; ; i++) {
    if (await fetch(`${BASE}/health`).then((r) => r.ok, () => false)) break
    if (i > 120) throw new Error('the server did not start')
    await new Promise((r) => setTimeout(r, 1000))
  }
  const login = await post('/login', { loginName: 'admin', password: 'Admin@123456' })
  const token = login.data.token!
  const alone: number[] = []
  for (let i = 0; i < 10; i++) alone.push(await healthMs())

  let running = true
  const previews = Promise.all(
    Array.from({ length: 20 }, () =>
      post(
        '/email-template/preview',
        { event: 'password-reset', language: 'en-US', title: 'T', content: LOOPING },
        token,
      ),
    ),
  ).finally(() => (running = false))
  const during: number[] = []
  await new Promise((r) => setTimeout(r, 200))
  while (running && during.length < 50) {
    during.push(await healthMs())
    await new Promise((r) => setTimeout(r, 100))
  }
  const answers = await previews
  const figures = {
    at: new Date().toISOString(),
    cores: os.cpus().length,
    loadAverage: os.loadavg()[0],
    healthAloneMedianMs: Math.round(median(alone)),
    healthDuringPreviewsMedianMs: Math.round(median(during)),
    healthDuringPreviewsMaxMs: Math.round(Math.max(...during)),
    delayMs: Math.round(Math.max(...during) - median(alone)),
    healthSamplesDuring: during.length,
    previews: answers.length,
    previewCodes: [...new Set(answers.map((a) => a.code))],
  }
  mkdirSync('bench', { recursive: true })
  writeFileSync('bench/template-preview.json', `${JSON.stringify(figures, null, 2)}\n`)
  console.log(figures)
} finally {
  server.kill()
}
