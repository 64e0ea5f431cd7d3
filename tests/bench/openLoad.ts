/**
 * An open-loop load: requests start at random (Poisson) moments averaging `rate` a second,
 * whether or not earlier ones have been answered, the way independent cardholders' payments
 * reach a card network. Each latency is measured from the moment its request was due, not from
 * when it was sent, so a generator (or a server) that falls behind is charged for it.
 *
 * Why not autocannon's `overallRate`: it lets each connection send its quota for the second back
 * to back as each second starts, then idle (100/s is then ~0.3 s of saturation a second), and it
 * records every latency with an "expected interval" of 1 ms, which adds a synthetic sample per
 * millisecond of each answer and skews the percentiles. See docs/performance.md.
 */
import http from 'node:http'
import { performance } from 'node:perf_hooks'
import { seededRandom } from '../../src/lib/seededRandom'

export interface OpenLoadOptions {
  port: number
  path: string
  /** Average requests a second. */
  rate: number
  seconds: number
  /** The request's body and headers, built when it is due (n counts from 1). */
  request: (n: number) => { body: string; headers: Record<string, string> }
  /** Fixes the arrival times, so two runs offer the same load. */
  seed?: number
}

export interface OpenLoadResult {
  requests: number
  requestsPerSecond: number
  p50Ms: number
  p90Ms: number
  p99Ms: number
  maxMs: number
  non2xx: number
  errors: number
}

const percentile = (sorted: number[], q: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]

export async function openLoad(opts: OpenLoadOptions): Promise<OpenLoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 })
  // Seeded: the arrival times repeat from run to run.
  const random = seededRandom(opts.seed ?? 1)
  const latencies: number[] = []
  let non2xx = 0
  let errors = 0
  const inFlight: Promise<void>[] = []

  const send = (n: number, due: number) =>
    new Promise<void>((resolve) => {
      const { body, headers } = opts.request(n)
      const req = http.request(
        { host: '127.0.0.1', port: opts.port, path: opts.path, method: 'POST', agent, headers },
        (res) => {
          res.resume()
          res.on('end', () => {
            latencies.push(performance.now() - due)
            if (res.statusCode! < 200 || res.statusCode! >= 300) non2xx++
            resolve()
          })
        },
      )
      req.on('error', () => {
        errors++
        resolve()
      })
      req.end(body)
    })

  const start = performance.now()
  const end = start + opts.seconds * 1000
  let due = start
  for (let n = 1; ; n++) {
    due += (-Math.log(1 - random()) / opts.rate) * 1000
    if (due >= end) break
    const wait = due - performance.now()
    if (wait > 0) await new Promise((r) => setTimeout(r, wait))
    inFlight.push(send(n, due))
  }
  await Promise.all(inFlight)
  agent.destroy()

  const sorted = latencies.sort((a, b) => a - b)
  const round = (ms: number) => Math.round(ms * 10) / 10
  return {
    requests: sorted.length + errors,
    requestsPerSecond: Math.round((sorted.length + errors) / opts.seconds),
    p50Ms: round(percentile(sorted, 0.5)),
    p90Ms: round(percentile(sorted, 0.9)),
    p99Ms: round(percentile(sorted, 0.99)),
    maxMs: round(sorted.at(-1) ?? 0),
    non2xx,
    errors,
  }
}
