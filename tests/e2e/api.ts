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
