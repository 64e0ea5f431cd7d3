import type { MiddlewareHandler } from 'hono'

/**
 * `Vary: Accept-Encoding` on every answer, declared before the handler runs. Hono's compress
 * middleware adds it after the answer is built when it is missing, and a header added to a
 * finished answer makes Hono copy the answer into a streamed one: on the node server every
 * JSON answer then took the slow streaming path (a CPU profile showed it as the largest
 * per-request cost after the database, docs/performance.md). The header is true either way:
 * whether an answer is compressed depends on the request's Accept-Encoding.
 */
export const varyOnEncoding: MiddlewareHandler = async (c, next) => {
  c.header('Vary', 'Accept-Encoding')
  await next()
}
