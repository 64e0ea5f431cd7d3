import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApi, type TestApi } from '../../testing/harness'

let api: TestApi
beforeAll(async () => {
  api = await createTestApi()
})
afterAll(() => api.close())

describe('the envelope', () => {
  it('answers health in the envelope', async () => {
    const res = await api.call('/health', undefined, { method: 'GET' })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ code: 0, msg: 'Success', data: { status: 'ok' } })
  })

  it('localises msg from the language header', async () => {
    const res = await api.call('/health', undefined, { method: 'GET', lang: 'zh_CN' })
    expect(res.body.msg).toBe('成功')
  })

  it('answers unknown API paths with a 404 envelope, not the console', async () => {
    const res = await api.call('/no/such/call', {})
    expect(res.status).toBe(404)
    expect(res.body.code).toBe(404)
  })
})

describe('unknown API paths', () => {
  it('answer in the caller language', async () => {
    const res = await api.call('/no/such/call', {}, { lang: 'zh_CN' })
    expect(res.body).toEqual({ code: 404, msg: '未找到', data: null })
  })
})
