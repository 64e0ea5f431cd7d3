import { describe, expect, it } from 'vitest'
import { localDraftStore } from './draftStore'

/** A Storage in memory, as the browser's localStorage behaves. */
function memoryStorage(): Storage {
  const m = new Map<string, string>()
  return {
    get length() {
      return m.size
    },
    clear: () => m.clear(),
    getItem: (k) => m.get(k) ?? null,
    key: (i) => [...m.keys()][i] ?? null,
    removeItem: (k) => void m.delete(k),
    setItem: (k, v) => void m.set(k, String(v)),
  }
}

describe('localDraftStore', () => {
  it('keeps one draft per wizard under vcc.wizardDrafts, and clears only its own', async () => {
    const storage = memoryStorage()
    const register = localDraftStore('merchant.register', storage)
    const other = localDraftStore('other.wizard', storage)
    expect(await register.load()).toBeNull()
    register.save({ data: { companyName: 'Harbour' }, step: 1 })
    other.save({ data: { x: 1 }, step: 0 })
    expect(await register.load()).toEqual({ data: { companyName: 'Harbour' }, step: 1 })
    expect(JSON.parse(storage.getItem('vcc.wizardDrafts')!)).toHaveProperty('other.wizard')
    register.clear()
    expect(await register.load()).toBeNull()
    expect(await other.load()).toEqual({ data: { x: 1 }, step: 0 })
  })

  it('reads a damaged or foreign entry as no draft', async () => {
    const storage = memoryStorage()
    const store = localDraftStore('merchant.register', storage)
    storage.setItem('vcc.wizardDrafts', '{not json')
    expect(await store.load()).toBeNull()
    storage.setItem(
      'vcc.wizardDrafts',
      JSON.stringify({ 'merchant.register': { data: null, step: 'x' } }),
    )
    expect(await store.load()).toBeNull()
  })

  it('goes on without a draft when the browser refuses to store it', async () => {
    const storage = memoryStorage()
    storage.setItem = () => {
      throw new DOMException('full', 'QuotaExceededError')
    }
    const store = localDraftStore('merchant.register', storage)
    expect(() => store.save({ data: { a: 1 }, step: 0 })).not.toThrow()
    expect(await store.load()).toBeNull()
  })
})
