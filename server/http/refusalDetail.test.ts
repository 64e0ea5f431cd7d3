import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApi, type TestApi } from '../testing/harness'
import { sessionFor } from '../testing/sessions'

/*
 * A 403 says which refusal it is (data.refusal, src/lib/refusal.ts), so the console's refusal
 * page names the right that is missing instead of guessing (docs/security.md).
 */
let api: TestApi
let company: string
let auditor: string

beforeAll(async () => {
  api = await createTestApi()
  ;[company, auditor] = await Promise.all(
    ['company.admin', 'auditor'].map((n) => sessionFor(api, n)),
  )
})
afterAll(() => api.close())

describe('a 403 names its refusal', () => {
  it('a screen not granted: 403 naming the screen', async () => {
    const r = await api.call('/parameter/list', { pageNum: 1, pageSize: 10 }, { token: company })
    expect(r.status).toBe(403)
    expect(r.body.code).toBe(403)
    expect(r.body.data).toEqual({ refusal: { kind: 'menu', menu: 'parameter-management' } })
  })

  it('a button not granted: 1403 naming the button', async () => {
    const r = await api.call('/cache/refresh', {}, { token: auditor })
    expect(r.status).toBe(403)
    expect(r.body.code).toBe(1403)
    expect(r.body.data).toEqual({
      refusal: { kind: 'button', button: 'parameter-management:edit' },
    })
  })

  it('a button checked by the service (an add through a save route): 1403 naming it', async () => {
    const r = await api.call(
      '/role/save',
      { name: 'X', description: '', allMerchants: false, menuIds: [1], buttonIds: [] },
      { token: auditor },
    )
    expect(r.body.code).toBe(1403)
    expect(r.body.data).toEqual({ refusal: { kind: 'button', button: 'role-management:add' } })
  })

  it('the platform administrator’s own calls: 403 saying so', async () => {
    const r = await api.call('/ledger/verify', {}, { token: company })
    expect(r.status).toBe(403)
    expect(r.body.data).toEqual({ refusal: { kind: 'platformAdmin' } })
  })
})
