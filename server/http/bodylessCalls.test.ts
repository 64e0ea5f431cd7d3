import { connect } from 'node:net'
import type { AddressInfo } from 'node:net'
import { serve, type ServerType } from '@hono/node-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServer } from '../server'
import { createTestApi, DEMO, type TestApi } from '../testing/harness'

/**
 * Issue 26, finding 7: a POST operation whose contract declares no request body is called, by a
 * client built from that contract, with no body and no content type — on the node server (as
 * in production), where such a request still reaches Hono with a body stream. It must not
 * answer 415.
 */

let api: TestApi
let server: ServerType
let port: number
let admin: string

beforeAll(async () => {
  api = await createTestApi()
  admin = await api.login(...DEMO.admin)
  server = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: createServer(api.deps).fetch, port: 0, hostname: '127.0.0.1' }, () =>
      resolve(s),
    )
  })
  port = (server.address() as AddressInfo).port
})
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve))
  await api.close()
})

/**
 * The request line and headers only, byte for byte: no Content-Length, no Transfer-Encoding,
 * no Content-Type (fetch and node's http client would add a Content-Length: 0).
 */
function postWithoutBody(path: string, token: string | null): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1')
    let answer = ''
    socket.on('data', (chunk) => (answer += chunk.toString('latin1')))
    socket.on('error', reject)
    socket.on('end', () => resolve(Number(answer.split(' ')[1])))
    socket.write(
      `POST /admin${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n` +
        (token ? `Authorization: Bearer ${token}\r\n` : '') +
        '\r\n',
    )
  })
}

interface Operation {
  requestBody?: unknown
  security?: unknown[]
}

describe('POST operations that declare no request body', () => {
  it('answer a call without a body or content type, never 415', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/admin/openapi.json`)
    const contract = (await res.json()) as { paths: Record<string, { post?: Operation }> }
    const bodyless = Object.entries(contract.paths)
      .filter(([, ops]) => ops.post && !ops.post.requestBody)
      .map(([path, ops]) => ({
        // A path parameter gets a value that names nothing: the answer is a refusal, not 415.
        path: path.replace(/\{[^}]+\}/g, 'none'),
        secured: (ops.post!.security ?? []).length > 0,
      }))
      // Signing out last: it ends the session the others are called with.
      .sort((a, b) => Number(a.path === '/logout') - Number(b.path === '/logout'))
    expect(bodyless.length).toBeGreaterThanOrEqual(17)

    const answers: Record<string, number> = {}
    for (const op of bodyless) {
      answers[op.path] = await postWithoutBody(op.path, op.secured ? admin : null)
    }
    const refusedAsWrongType = Object.keys(answers).filter((path) => answers[path] === 415)
    expect(refusedAsWrongType).toEqual([])
    // And they did their work: the session's own calls (the administrator may make every one).
    expect(answers['/menu/query']).toBe(200)
    expect(answers['/profile/query']).toBe(200)
    expect(answers['/logout']).toBe(200)
  })
})
