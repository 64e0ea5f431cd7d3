import { createServer, request, type Server } from 'node:http'

/**
 * A load balancer for tests: each request goes to the next of `ports` in turn, on the loopback
 * interface only. An instance that is down (or dies mid-answer) cuts the client's connection,
 * as a real balancer's failed upstream does: the client sees a lost answer and retries.
 */
export interface RoundRobinProxy {
  port: number
  close(): Promise<void>
}

/** No answer within this long: the upstream is taken as dead. */
const UPSTREAM_TIMEOUT_MS = 10_000

export function startRoundRobinProxy(ports: readonly number[]): Promise<RoundRobinProxy> {
  let next = 0
  const server: Server = createServer((req, res) => {
    const port = ports[next++ % ports.length]
    const upstream = request(
      {
        host: '127.0.0.1',
        port,
        method: req.method,
        path: req.url,
        headers: req.headers,
        timeout: UPSTREAM_TIMEOUT_MS,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(res)
        answer.on('error', () => res.destroy())
      },
    )
    upstream.on('timeout', () => upstream.destroy())
    upstream.on('error', () => res.destroy())
    req.pipe(upstream)
  })
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      resolve({
        port,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections()
            server.close(() => done())
          }),
      })
    })
  })
}
