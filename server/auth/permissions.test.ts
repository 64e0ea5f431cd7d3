import { describe, expect, it } from 'vitest'
import { screenByName } from '../../src/lib/screens'
import { REGISTRY } from '../db/screenRegistry'
import { DEMO_ROLE_GRANTS } from '../demo/grants'
import { button, menu } from './permissions'

describe('permissions name the registry', () => {
  it('takes a known button or screen', () => {
    expect(button('cards-balance:freeze')).toEqual({
      kind: 'button',
      button: 'cards-balance:freeze',
    })
    expect(menu('dict-management')).toEqual({ kind: 'menu', menu: 'dict-management' })
  })

  it('does not compile with a misspelt button or screen', () => {
    // The lines below are the test: tsc fails if they ever compile (a typo in a route would).
    // @ts-expect-error 'frezee' is no button of cards-balance
    button('cards-balance:frezee')
    // @ts-expect-error no screen is called 'dict-managment'
    menu('dict-managment')
  })

  it("grants in the demo roles only what the registry has (the seed's data)", () => {
    const codes: string[] = REGISTRY.flatMap((s) => s.buttons.map((b) => b.code))
    for (const grant of Object.values(DEMO_ROLE_GRANTS)) {
      if (grant.screens !== 'all')
        for (const s of grant.screens) expect(screenByName.has(s)).toBe(true)
      if (grant.buttons !== 'all') for (const b of grant.buttons) expect(codes).toContain(b)
    }
  })
})
