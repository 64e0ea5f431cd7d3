import type { APIRequestContext } from '@playwright/test'
import { MAIN_PORT } from '../../playwright.config'
import { USERS } from './fixtures'

/**
 * Test data through the product's own API (the same calls the console makes), for lists that
 * need more rows than a test wants to type.
 */
const API = `http://127.0.0.1:${MAIN_PORT}/admin`

export async function apiToken(
  request: APIRequestContext,
  user: { loginName: string; password: string } = USERS.admin,
): Promise<string> {
  const res = await request.post(`${API}/login`, { data: user })
  const body = (await res.json()) as { code: number; data: { token: string } }
  if (body.code !== 0) throw new Error(`login failed: ${JSON.stringify(body)}`)
  return body.data.token
}

export async function apiCall<T = unknown>(
  request: APIRequestContext,
  token: string,
  path: string,
  data: unknown,
): Promise<T> {
  const res = await request.post(`${API}${path}`, {
    data,
    headers: { Authorization: `Bearer ${token}` },
  })
  const body = (await res.json()) as { code: number; msg: string; data: T }
  if (body.code !== 0) throw new Error(`${path} refused: ${body.code} ${body.msg}`)
  return body.data
}

/** The answer code of a dictionary save whose code is taken (server/modules/dict-admin/rules.ts). */
const DUPLICATE_DICT_CODE = 1201

/**
 * Seeds a dictionary entry for a spec and answers its id. A retried spec (CI retries a failed
 * test once) runs its beforeAll again: the entry the first attempt made is what it wants.
 */
export async function seedDict(
  request: APIRequestContext,
  token: string,
  entry: { code: string; name: string; type?: string },
): Promise<number> {
  const res = await request.post(`${API}/dict/save`, {
    data: entry,
    headers: { Authorization: `Bearer ${token}` },
  })
  const body = (await res.json()) as { code: number; msg: string; data: { id: number } }
  if (body.code === 0) return body.data.id
  if (body.code !== DUPLICATE_DICT_CODE) {
    throw new Error(`/dict/save refused: ${body.code} ${body.msg}`)
  }
  const found = await apiCall<{ list: { id: number; code: string }[] }>(
    request,
    token,
    '/dict/list',
    { pageNum: 1, pageSize: 20, code: entry.code },
  )
  const row = found.list.find((d) => d.code === entry.code)
  if (!row) throw new Error(`/dict/save: ${entry.code} is taken but not listed`)
  return row.id
}
