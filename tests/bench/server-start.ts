/**
 * `npm run bench` (part): the server process's time to first answer and its memory, run from
 * the compiled bundle (`node dist-server/main.js`, what `npm start` runs) and through the
 * TypeScript loader (`tsx server/main.ts`, what it ran before), on the same already-seeded
 * embedded database. Written to bench/server-start.json. A benchmark: nothing passes or fails.
 */
import { execSync, spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

const RUNS = 5
const PORT = 4990
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vcc-start-'))
const commands = {
  compiled: ['node', ['dist-server/main.js']],
  tsx: ['npx', ['tsx', 'server/main.ts']],
} as const

execSync('node scripts/build-server.mjs', { stdio: 'inherit' })

async function startOnce(cmd: string, args: readonly string[]) {
  const started = performance.now()
  const child = spawn(cmd, args, {
    env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'error' },
    stdio: 'ignore',
    detached: true,
  })
  let firstAnswerMs: number | undefined
  while (firstAnswerMs === undefined) {
    try {
      const res = await fetch(`http://127.0.0.1:${PORT}/admin/health`)
      if (res.ok) firstAnswerMs = performance.now() - started
    } catch {
      // not listening yet
    }
    if (firstAnswerMs === undefined) await new Promise((r) => setTimeout(r, 10))
  }
  // The server's own process: under npx/tsx it is a child of the launcher, so sum the group.
  const pids = execSync(`pgrep -g ${child.pid}`).toString().trim().split('\n')
  const rssKiB = pids.reduce((sum, pid) => {
    try {
      const m = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
      return sum + (m ? Number(m[1]) : 0)
    } catch {
      return sum
    }
  }, 0)
  process.kill(-child.pid!, 'SIGTERM')
  await new Promise((r) => child.once('exit', r))
  return { firstAnswerMs, rssMiB: rssKiB / 1024 }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]

await startOnce(...commands.compiled) // migrates and seeds; not measured
const results: Record<string, { firstAnswerMs: number; rssMiB: number }> = {}
for (const [name, [cmd, args]] of Object.entries(commands)) {
  const runs = []
  for (let i = 0; i < RUNS; i++) runs.push(await startOnce(cmd, args))
  results[name] = {
    firstAnswerMs: Math.round(median(runs.map((r) => r.firstAnswerMs))),
    rssMiB: Math.round(median(runs.map((r) => r.rssMiB))),
  }
}

mkdirSync('bench', { recursive: true })
const report = {
  measuredAt: new Date().toISOString(),
  runs: RUNS,
  note: 'median of runs; an already-seeded embedded database; RSS of the whole process group at the first answer',
  ...results,
}
writeFileSync('bench/server-start.json', `${JSON.stringify(report, null, 2)}\n`)
console.log(report)
