import { describe, expect, it } from 'vitest'
import { isPathPermitted, safeReturnPath, screenOfPath } from './access'

describe('route access', () => {
  const merchant = new Set(['index', 'settings-profile'])

  it('finds the registry screen of a path, trailing slash or not', () => {
    expect(screenOfPath('/main/dict-management')?.name).toBe('dict-management')
    expect(screenOfPath('/main/dict-management/')?.name).toBe('dict-management')
    expect(screenOfPath('/main/nowhere')).toBeUndefined()
  })

  it('refuses a configured screen missing from the user menus', () => {
    expect(isPathPermitted('/main/dict-management', merchant)).toBe(false)
    expect(isPathPermitted('/main/index', merchant)).toBe(true)
  })

  it('leaves unknown paths to the not-found page', () => {
    expect(isPathPermitted('/main/nowhere', merchant)).toBe(true)
    expect(isPathPermitted('/main/redirect/main/index', merchant)).toBe(true)
  })

  it('only follows return paths inside the console', () => {
    expect(safeReturnPath('/main/dict-management?page=2')).toBe('/main/dict-management?page=2')
    expect(safeReturnPath('https://evil.example/')).toBeUndefined()
    expect(safeReturnPath('//evil.example/')).toBeUndefined()
    expect(safeReturnPath('/\\evil.example')).toBeUndefined()
    expect(safeReturnPath('/login?from=/main/index')).toBeUndefined()
    expect(safeReturnPath(undefined)).toBeUndefined()
  })
})
