import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApi, type TestApi } from './testing/harness'

let api: TestApi
beforeAll(async () => {
  api = await createTestApi()
})
afterAll(() => api.close())

describe('invalid input', () => {
  it('names each field with the spec message that fits what was sent', async () => {
    const res = await api.call('/login', { loginName: 42 })
    expect(res.status).toBe(400)
    expect(res.body.code).toBe(400)
    expect(res.body.data.fieldErrors).toEqual(
      expect.arrayContaining([
        { field: 'loginName', message: 'Format is incorrect' },
        { field: 'password', message: 'Cannot be empty' },
      ]),
    )
  })

  it('answers a body that is not JSON with 400, not a server error', async () => {
    const res = await api.callRaw('/login', '{not json')
    expect(res.status).toBe(400)
    expect(res.body.code).toBe(400)
  })

  it('localises field messages', async () => {
    const res = await api.call('/login', {}, { lang: 'zh_CN' })
    expect(res.body.data.fieldErrors).toContainEqual({ field: 'password', message: '不能为空' })
  })
})
