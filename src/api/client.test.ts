import { describe, expect, it } from 'vitest'
import type { Middleware } from 'openapi-fetch'
import { sessionMiddleware } from './client'
import { onApiEvent, type ApiEvent } from './events'

/*
 * What the API client tells the shell about a refusal: a 403 leaves the page naming its
 * refusal; any 403, the view-only 1403 too, makes the shell ask for the menus again (the
 * role changed under the screen).
 */
async function eventsOf(status: number, body: unknown) {
  const seen: ApiEvent[] = []
  const stop = onApiEvent((e) => seen.push(e))
  const response = new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  })
  const request = new Request('http://console.test/admin/x', { method: 'POST' })
  // Only the request and the response are read; the rest of openapi-fetch's call is not.
  type Params = Parameters<NonNullable<Middleware['onResponse']>>[0]
  await sessionMiddleware.onResponse!({ request, response } as Params)
  stop()
  return seen
}

describe('the API client on a refusal', () => {
  it('a 1403 asks for the rights again and stays on the page', async () => {
    const refusal = { kind: 'button', button: 'parameter-management:edit' }
    expect(await eventsOf(403, { code: 1403, msg: 'view only', data: { refusal } })).toEqual([
      { type: 'api.rightsRefused' },
    ])
  })

  it('a 403 asks for the rights again and leaves the page, naming the refusal', async () => {
    const refusal = { kind: 'menu', menu: 'cards-transactions' }
    expect(await eventsOf(403, { code: 403, msg: 'forbidden', data: { refusal } })).toEqual([
      { type: 'api.rightsRefused' },
      { type: 'api.forbidden', refusal },
    ])
  })

  it('a 403 without a refusal it knows leaves the page naming none', async () => {
    const body = { code: 403, msg: 'forbidden', data: { refusal: { kind: 'other' } } }
    expect(await eventsOf(403, body)).toContainEqual({ type: 'api.forbidden', refusal: undefined })
  })
})
