/**
 * A fresh idempotency key for one attempt of a money move (DESIGN §4): kept for the attempt's
 * retries, so a repeat moves nothing twice; a new one after a refusal (which moved nothing).
 */
export const newRequestId = () => `console-${crypto.randomUUID()}`
