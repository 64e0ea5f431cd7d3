import { beforeAll, describe, expect, it } from 'vitest'

// Defined by Vite at build time; the module reads it when called.
beforeAll(() => {
  ;(globalThis as Record<string, unknown>).__BASE_PATH__ = '/vcc/'
})

describe('where sign-in returns to (from)', () => {
  it('accepts a path of this console, with or without the base path', async () => {
    const { safeFrom } = await import('./signIn')
    expect(safeFrom('/main/dict-management?code=a')).toBe('/main/dict-management?code=a')
    expect(safeFrom('/vcc/main/index')).toBe('/vcc/main/index')
  })

  it('refuses other sites and the sign-in pages themselves', async () => {
    const { safeFrom } = await import('./signIn')
    for (const from of [
      undefined,
      '',
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      '/login',
      '/vcc/login?from=%2Fmain',
      '/vaildatecode',
      '/vcc/firstTimeLogin',
    ]) {
      expect(safeFrom(from)).toBeUndefined()
    }
  })
})
