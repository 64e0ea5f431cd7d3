import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { freePort, ServerProcess } from '../testing/serverProcess'
import { DataDirLockedError, lockDataDir } from './dataDirLock'

const dirs: string[] = []
const tempDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'vcc-lock-'))
  dirs.push(dir)
  return dir
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

describe('lockDataDir', () => {
  it('makes the directory on a first start, where there is none yet', async () => {
    const dir = path.join(tempDir(), 'not', 'there', 'yet')
    const lock = await lockDataDir(dir)
    const refused = await lockDataDir(dir).catch((e: unknown) => e)
    expect(refused).toBeInstanceOf(DataDirLockedError)
    await lock.release()
  })

  it('refuses a second holder, naming the directory and the holding process, until released', async () => {
    const dir = tempDir()
    const lock = await lockDataDir(dir)
    const refused = await lockDataDir(dir).catch((e: unknown) => e)
    expect(refused).toBeInstanceOf(DataDirLockedError)
    expect((refused as DataDirLockedError).holderPid).toBe(process.pid)
    expect((refused as Error).message).toContain(`DATA_DIR ${dir} is in use`)
    expect((refused as Error).message).toContain(`(pid ${process.pid})`)
    await lock.release()
    const again = await lockDataDir(dir)
    await again.release()
  })
})

/**
 * Issue 17, item 3: a second process on the same embedded DATA_DIR served its own copy of the
 * files, and a transfer it acknowledged was gone after a restart. Embedded only, so run once:
 * in `npm test`'s PGlite pass, not again in its PostgreSQL pass.
 */
describe.skipIf(!!process.env.DATABASE_URL)('one server process per embedded DATA_DIR', () => {
  const started: ServerProcess[] = []
  afterAll(async () => {
    for (const s of started) await s.kill()
  })
  const server = async (dir: string) => {
    const s = new ServerProcess(await freePort(), {
      DATABASE_URL: '',
      DATA_DIR: dir,
      ADMIN_PASSWORD: 'Admin@123456',
    })
    started.push(s)
    return s
  }

  it('a second process exits at once with the reason; after the first is killed a new one starts', async () => {
    const dir = tempDir()
    const first = await server(dir)
    await first.start()

    const second = (await server(dir)).spawn()
    // Before the fix it came up and served its own copy of the files.
    const served = await second.ready().then(
      () => true,
      () => false,
    )
    expect(served).toBe(false)
    const ended = await second.exit()
    expect(ended.code).toBe(1)
    const lines = ended.stderr.trim().split('\n')
    expect(lines).toEqual([
      `DATA_DIR ${dir} is in use by another process (pid ${first.pid}): one process per embedded database; stop it or set another DATA_DIR`,
    ])
    // The first one still answers: the refused one touched nothing.
    expect((await fetch(`http://127.0.0.1:${first.port}/admin/health`)).ok).toBe(true)

    // SIGKILL leaves the lock's socket file behind; nobody listens on it any more.
    await first.kill()
    const third = await server(dir)
    await third.start()
    expect((await fetch(`http://127.0.0.1:${third.port}/admin/health`)).ok).toBe(true)
    // Two fresh embedded databases migrated and seeded one after the other: slow on a busy
    // 2-core machine, so the limit is generous (it guards against a hang, not a pace).
  }, 240_000)
})
