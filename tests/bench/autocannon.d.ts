// The part of autocannon's API the benches use (the package ships no types).
declare module 'autocannon' {
  namespace autocannon {
    interface Request {
      method?: string
      path?: string
      body?: string
      headers?: Record<string, string>
      /** Called before each request is sent: returns the request to send. */
      setupRequest?: (req: Request) => Request
    }
    interface Options {
      url: string
      method?: string
      body?: string
      headers?: Record<string, string>
      connections?: number
      duration?: number
      requests?: Request[]
      /** Requests per second across all connections (a fixed arrival rate). */
      overallRate?: number
    }
    interface Result {
      requests: { average: number; total: number }
      latency: { p50: number; p99: number; max: number }
      non2xx: number
      errors: number
      '2xx': number
    }
  }
  function autocannon(
    opts: autocannon.Options,
    cb: (err: Error | null, result: autocannon.Result) => void,
  ): unknown
  export default autocannon
}
