import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApi, type TestApi } from '../../testing/harness'
import { sessionFor } from '../../testing/sessions'
import { DRAFT_MAX_BYTES } from './schemas'

let api: TestApi

beforeAll(async () => {
  api = await createTestApi()
})
afterAll(() => api.close())

const draft = { companyName: 'Harbour Freight Ltd', country: 'SG' }

describe('/draft/save, /draft/get, /draft/delete', () => {
  it('keeps one draft per user and wizard, replaced on save, gone on delete', async () => {
    const token = await sessionFor(api, 'admin')
    expect((await api.call('/draft/get', { wizard: 'company.create' }, { token })).body).toEqual({
      code: 0,
      msg: expect.any(String),
      data: null,
    })

    const saved = await api.call(
      '/draft/save',
      { wizard: 'company.create', data: draft, step: 1 },
      { token },
    )
    expect(saved.body).toMatchObject({ code: 0, data: { data: draft, step: 1 } })
    await api.call(
      '/draft/save',
      { wizard: 'company.create', data: { ...draft, country: 'VN' }, step: 2 },
      { token },
    )

    const got = await api.call<any>('/draft/get', { wizard: 'company.create' }, { token })
    expect(got.body.data).toMatchObject({ data: { ...draft, country: 'VN' }, step: 2 })
    expect(new Date(got.body.data.updatedAt).toISOString()).toBe(got.body.data.updatedAt)
    // Another wizard of the same user is another draft.
    expect(
      (await api.call<any>('/draft/get', { wizard: 'merchant.create' }, { token })).body.data,
    ).toBeNull()

    expect(
      (await api.call('/draft/delete', { wizard: 'company.create' }, { token })).body,
    ).toMatchObject({
      code: 0,
      data: { deleted: true },
    })
    expect(
      (await api.call<any>('/draft/get', { wizard: 'company.create' }, { token })).body.data,
    ).toBeNull()
    expect(
      (await api.call<any>('/draft/delete', { wizard: 'company.create' }, { token })).body.data,
    ).toEqual({
      deleted: false,
    })
  })

  it('survives signing out: the draft belongs to the user, not the session', async () => {
    const first = await sessionFor(api, 'company.admin')
    await api.call(
      '/draft/save',
      { wizard: 'merchant.create', data: draft, step: 0 },
      { token: first },
    )
    await api.call('/logout', {}, { token: first })
    const second = await sessionFor(api, 'company.admin')
    const got = await api.call<any>('/draft/get', { wizard: 'merchant.create' }, { token: second })
    expect(got.body.data).toMatchObject({ data: draft, step: 0 })
  })

  it("is scoped to the caller: another user neither sees nor removes someone's draft", async () => {
    const owner = await sessionFor(api, 'merchant.user')
    await api.call('/draft/save', { wizard: 'card.create', data: draft, step: 0 }, { token: owner })
    const other = await sessionFor(api, 'admin')
    expect(
      (await api.call<any>('/draft/get', { wizard: 'card.create' }, { token: other })).body.data,
    ).toBeNull()
    expect(
      (await api.call<any>('/draft/delete', { wizard: 'card.create' }, { token: other })).body.data,
    ).toEqual({
      deleted: false,
    })
    expect(
      (await api.call<any>('/draft/get', { wizard: 'card.create' }, { token: owner })).body.data,
    ).toMatchObject({
      data: draft,
    })
  })

  it('needs a session', async () => {
    for (const path of ['/draft/get', '/draft/save', '/draft/delete']) {
      const res = await api.call(path, { wizard: 'company.create', data: {}, step: 0 })
      expect([res.status, res.body.code]).toEqual([401, 401])
    }
  })

  it('refuses an oversized draft, a bad wizard name or step with field errors, and keeps nothing', async () => {
    const token = await sessionFor(api, 'admin')
    const big = { notes: 'x'.repeat(DRAFT_MAX_BYTES) }
    const cases: [Record<string, unknown>, string, string][] = [
      [{ wizard: 'company.create', data: big, step: 0 }, 'data', 'The draft is too large to keep'],
      [{ wizard: '../etc', data: {}, step: 0 }, 'wizard', 'Unknown wizard name'],
      [{ wizard: 'company.create', data: {}, step: -1 }, 'step', ''],
      [{ wizard: 'company.create', data: [], step: 0 }, 'data', ''],
    ]
    for (const [body, field, message] of cases) {
      const res = await api.call<any>('/draft/save', body, { token })
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400)
      const fieldErrors = res.body.data.fieldErrors as { field: string; message: string }[]
      const hit = fieldErrors.find((f) => f.field === field)
      expect(hit, JSON.stringify(fieldErrors)).toBeTruthy()
      if (message) expect(hit!.message).toBe(message)
    }
    expect(
      (await api.call<any>('/draft/get', { wizard: 'company.create' }, { token })).body.data,
    ).toBeNull()
  })
})
