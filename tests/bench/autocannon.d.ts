// The part of autocannon's API the throughput bench uses (the package ships no types).
declare module 'autocannon' {
  namespace autocannon {
    interface Options {
      url: string
      method?: string
      body?: string
      headers?: Record<string, string>
      connections?: number
      duration?: number
    }
    interface Result {
      requests: { average: number }
      latency: { p50: number; p99: number }
      non2xx: number
      errors: number
    }
  }
  function autocannon(
    opts: autocannon.Options,
    cb: (err: Error | null, result: autocannon.Result) => void,
  ): unknown
  export default autocannon
}
