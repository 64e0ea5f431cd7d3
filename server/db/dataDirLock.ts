import { linkSync, mkdirSync, renameSync, unlinkSync } from 'node:fs'
import { createConnection, createServer, type Server } from 'node:net'
import path from 'node:path'
import { randomBytes } from 'node:crypto'

/**
 * One process per embedded data directory (issue 17, item 3). PGlite keeps no lock of its own:
 * a second process on the same DATA_DIR opened its own copy of the files, and what it
 * acknowledged was lost when the first one wrote over them.
 *
 * The lock is a Unix socket the holder listens on in the directory. The kernel ends the
 * listener with the process, however it ends (SIGKILL included), so liveness is exact: a socket
 * that accepts a connection is held, one that refuses it is left over from a dead process — no
 * process id that may have been reused, no timeout. A connection is answered with the holder's
 * process id, so the refusal names it. Node has no flock(2) without a native module; a socket
 * file needs none.
 */

export const LOCK_NAME = '.vcc-data.lock'

export class DataDirLockedError extends Error {
  constructor(
    readonly dir: string,
    readonly holderPid: number | null,
  ) {
    super(
      `DATA_DIR ${path.resolve(dir)} is in use by another process` +
        (holderPid ? ` (pid ${holderPid})` : '') +
        ': one process per embedded database; stop it or set another DATA_DIR',
    )
  }
}

export interface DataDirLock {
  release(): Promise<void>
}

/**
 * The socket's path as given to the kernel, which allows about 100 bytes: relative to the
 * working directory when that is shorter (a deep DATA_DIR would not fit otherwise).
 */
function socketPath(dir: string): string {
  const absolute = path.resolve(dir, LOCK_NAME)
  const relative = path.relative(process.cwd(), absolute)
  return relative.length < absolute.length ? relative : absolute
}

type Probe = { state: 'held'; pid: number | null } | { state: 'stale' } | { state: 'gone' }

/** Connects to a lock socket: held (with the holder's pid), stale (nobody listens) or gone. */
function probe(file: string): Promise<Probe> {
  return new Promise((resolve, reject) => {
    const socket = createConnection(file)
    let text = ''
    // A holder answers at once; one too busy to answer still holds the lock.
    socket.setTimeout(2000, () => {
      socket.destroy()
      resolve({ state: 'held', pid: null })
    })
    socket.on('data', (chunk) => (text += chunk.toString('utf8')))
    socket.on('end', () => {
      const pid = Number(text.trim())
      resolve({ state: 'held', pid: Number.isSafeInteger(pid) && pid > 0 ? pid : null })
    })
    socket.on('error', (e: NodeJS.ErrnoException) => {
      if (e.code === 'ECONNREFUSED') resolve({ state: 'stale' })
      else if (e.code === 'ENOENT') resolve({ state: 'gone' })
      else reject(e)
    })
  })
}

function listen(file: string): Promise<Server | 'in-use'> {
  return new Promise((resolve, reject) => {
    const server = createServer((socket) => socket.end(`${process.pid}\n`))
    server.once('error', (e: NodeJS.ErrnoException) =>
      e.code === 'EADDRINUSE' ? resolve('in-use') : reject(e),
    )
    server.listen(file, () => resolve(server))
  })
}

/**
 * Takes the directory's lock or throws DataDirLockedError. A socket left by a dead holder is
 * first moved aside under a name of this process's own (rename is atomic, so of two processes
 * starting at once only one moves it); if what was moved turns out to be live — another
 * process took the lock between our probe and our rename — it is linked back and we refuse.
 */
export async function lockDataDir(dir: string): Promise<DataDirLock> {
  // The first start on a machine has no directory yet (PGlite would make it later): the lock
  // is taken before anything opens the database, so it makes the directory itself.
  mkdirSync(dir, { recursive: true })
  const file = socketPath(dir)
  for (let attempt = 0; attempt < 20; attempt++) {
    const server = await listen(file)
    if (server !== 'in-use') {
      // The listener must not keep the process alive on its own, nor stop it from exiting.
      server.unref()
      return {
        release: () => new Promise<void>((resolve) => server.close(() => resolve())),
      }
    }
    const found = await probe(file)
    if (found.state === 'held') throw new DataDirLockedError(dir, found.pid)
    if (found.state === 'gone') continue
    const aside = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`
    try {
      renameSync(file, aside)
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') continue
      throw e
    }
    const moved = await probe(aside)
    if (moved.state === 'held') {
      try {
        linkSync(aside, file)
      } catch {
        // Someone holds the path again already; the holder we moved keeps its socket.
      }
      unlinkSync(aside)
      throw new DataDirLockedError(dir, moved.pid)
    }
    unlinkSync(aside)
  }
  throw new DataDirLockedError(dir, null)
}
