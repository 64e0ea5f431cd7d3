/**
 * Waits for another request's work to finish, by reading its outcome again: `read` until
 * `done(value)`, with growing pauses (10 ms doubling to 250 ms), for at most `maxWaitMs` of
 * real time. Returns the last value read, done or not — the caller decides what an unfinished
 * outcome answers. Used where a second copy of a request arrives while the first is at the
 * card channel (no database lock is held across that call, so there is nothing to block on).
 */
export async function pollUntil<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  maxWaitMs = 30_000,
): Promise<T> {
  const started = performance.now()
  let pause = 10
  let value = await read()
  while (!done(value) && performance.now() - started < maxWaitMs) {
    await new Promise((resolve) => setTimeout(resolve, pause))
    pause = Math.min(pause * 2, 250)
    value = await read()
  }
  return value
}
