import { describe, expect, it } from 'vitest'
import type { Actor } from './actor'
import { grantsWithin } from './grantable'

const actor = {
  menus: new Set(['index', 'user-management']),
  buttons: new Set(['user-management:add']),
} as unknown as Actor

describe('grantsWithin', () => {
  it('accepts grants the actor holds, the empty grant included', () => {
    expect(grantsWithin(actor, { menus: ['index'], buttons: ['user-management:add'] })).toBe(true)
    expect(grantsWithin(actor, { menus: [], buttons: [] })).toBe(true)
  })
  it('refuses a menu or a button the actor does not hold', () => {
    expect(grantsWithin(actor, { menus: ['devops-index'], buttons: [] })).toBe(false)
    expect(grantsWithin(actor, { menus: [], buttons: ['role-management:add'] })).toBe(false)
  })
})
