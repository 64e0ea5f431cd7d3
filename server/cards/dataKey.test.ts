import { mkdtempSync, readFileSync, statSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { DataKeyError, resolveDataKey } from './dataKey'

describe('the data key', () => {
  it('comes from DATA_KEY when set', () => {
    const key = resolveDataKey({
      dataKeyHex: 'ab'.repeat(32),
      embedded: false,
      dataDir: '/nowhere',
    })
    expect(key.toString('hex')).toBe('ab'.repeat(32))
  })

  it('is required on PostgreSQL', () => {
    expect(() => resolveDataKey({ dataKeyHex: undefined, embedded: false, dataDir: '/x' })).toThrow(
      DataKeyError,
    )
  })

  it('is made once for the embedded database and kept private beside its files', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'vcc-key-'))
    const first = resolveDataKey({ dataKeyHex: undefined, embedded: true, dataDir: dir })
    const again = resolveDataKey({ dataKeyHex: undefined, embedded: true, dataDir: dir })
    expect(again.equals(first)).toBe(true)
    expect(first.length).toBe(32)
    const file = path.join(dir, 'data.key')
    expect(readFileSync(file, 'utf8')).toMatch(/^[0-9a-f]{64}$/)
    expect(statSync(file).mode & 0o077).toBe(0)
  })
})
