import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import { dataKeyFrom, type DataKey } from './cardData'

/** Used by the test harness only: tests never need a real secret. */
export const TEST_DATA_KEY = dataKeyFrom(
  '5ec0de5ec0de5ec0de5ec0de5ec0de5ec0de5ec0de5ec0de5ec0de5ec0de5ec0',
)

export class DataKeyError extends Error {}

/**
 * The key card data is encrypted under. DATA_KEY when set. Without it, the embedded database
 * keeps a key of its own beside its files (`<DATA_DIR>/data.key`, created once, mode 0600), so
 * `npm start` works on a fresh machine and a restart can still read its cards. On PostgreSQL the
 * data outlives any one machine's files, so DATA_KEY is required there.
 */
export function resolveDataKey(opts: {
  dataKeyHex: string | undefined
  embedded: boolean
  dataDir: string
}): DataKey {
  if (opts.dataKeyHex) return dataKeyFrom(opts.dataKeyHex)
  if (!opts.embedded) {
    throw new DataKeyError(
      'Invalid configuration: DATA_KEY is required with DATABASE_URL (64 hex characters)',
    )
  }
  const file = path.join(opts.dataDir, 'data.key')
  if (!existsSync(file)) {
    mkdirSync(opts.dataDir, { recursive: true })
    writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' })
  }
  return dataKeyFrom(readFileSync(file, 'utf8').trim())
}
