import { spawn, type ChildProcess } from 'node:child_process'
import { createServer as createNetServer } from 'node:net'
import path from 'node:path'
import { TEST_DATA_KEY } from '../cards/dataKey'

/** A port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createNetServer()
    s.once('error', reject)
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number }
      s.close(() => resolve(port))
    })
  })
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** How a server process ended: its exit code (null when a signal ended it) and its stderr. */
export interface Ended {
  code: number | null
  signal: NodeJS.Signals | null
  stderr: string
}

/**
 * A real server process (server/main.ts). Started as one Node process with tsx as its loader
 * (not the tsx wrapper, which would leave a child behind), so SIGKILL hits the server itself:
 * no graceful shutdown, connections cut mid-transaction. `env` is the process's own settings
 * (DATABASE_URL or DATA_DIR, ...) over quiet defaults.
 */
export class ServerProcess {
  child: ChildProcess | null = null
  stderr = ''
  private ended: Promise<Ended> | null = null

  constructor(
    readonly port: number,
    readonly env: Record<string, string>,
  ) {}

  get pid() {
    return this.child?.pid ?? null
  }

  /** Spawns the process; does not wait for it. */
  spawn() {
    this.stderr = ''
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: path.resolve(import.meta.dirname, '../..'),
      env: {
        ...process.env,
        // Required on PostgreSQL (server/cards/dataKey.ts); any key will do for a test.
        DATA_KEY: TEST_DATA_KEY.toString('hex'),
        PORT: String(this.port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'error',
        SEED_DEMO: '0',
        CONSOLE_DIR: '/nonexistent',
        ...this.env,
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    })
    child.stderr!.on('data', (chunk: Buffer) => (this.stderr += chunk.toString('utf8')))
    this.child = child
    this.ended = new Promise((resolve) =>
      child.once('exit', (code, signal) => resolve({ code, signal, stderr: this.stderr })),
    )
    return this
  }

  /** Resolves when the process has ended (spawned before). */
  exit(): Promise<Ended> {
    if (!this.ended) throw new Error('not started')
    return this.ended
  }

  get running() {
    const c = this.child
    return !!c && c.exitCode === null && c.signalCode === null
  }

  /** Waits until the process answers /admin/health; throws if it exits first. */
  async ready() {
    for (;;) {
      if (!this.running) throw new Error(`server exited during start: ${this.stderr.trim()}`)
      try {
        const res = await fetch(`http://127.0.0.1:${this.port}/admin/health`)
        if (res.ok) return
      } catch {
        // not listening yet
      }
      await sleep(100)
    }
  }

  async start() {
    this.spawn()
    await this.ready()
  }

  async kill() {
    if (!this.running) return
    const exited = this.exit()
    this.child!.kill('SIGKILL')
    await exited
  }
}
