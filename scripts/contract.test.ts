import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { CONTRACT_PATH, renderContract, TYPES_PATH } from './contract'

describe('committed contract', () => {
  it('openapi/admin.json and the client types match the server routes (run `npm run gen`)', async () => {
    const { json, types } = await renderContract()
    expect(readFileSync(CONTRACT_PATH, 'utf8')).toBe(json)
    expect(readFileSync(TYPES_PATH, 'utf8')).toBe(types)
  })
})
