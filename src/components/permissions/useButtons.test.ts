import { describe, expect, it } from 'vitest'
import { holdsNoWrite } from './useButtons'

/* The view-only notice shows only to a user who holds no write button of the screen. */
describe('holdsNoWrite', () => {
  it('is false for a holder of an action’s button the resource does not list (Freeze)', () => {
    expect(holdsNoWrite(new Set(['cards-balance:freeze']), 'cards-balance')).toBe(false)
  })

  it('is true with no button of the screen, or only read-only ones', () => {
    expect(holdsNoWrite(new Set(['cards-share-group:add']), 'cards-balance')).toBe(true)
    expect(holdsNoWrite(new Set(['cards-balance:reveal']), 'cards-balance')).toBe(true)
    expect(holdsNoWrite(new Set(['email-account:view']), 'email-account')).toBe(true)
  })

  it('does not mistake another screen with the same beginning for this one', () => {
    expect(holdsNoWrite(new Set(['cards-balance-x:add']), 'cards-balance')).toBe(true)
  })
})
