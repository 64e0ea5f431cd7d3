import type { IssuerChannel } from '../channels/issuer'
import { issuerFactories } from '../channels/registry'
import { ISSUER_OPERATIONS, type IssuerOperation } from '../../src/lib/channelOperations'
import type { Db } from '../db/client'
import { channelParameters } from '../db/schema'

/**
 * Counts the calls the platform makes to the real sandbox issuer, at the platform's side of
 * the boundary (what the issuer-channel interface is asked, before the sandbox decides
 * anything): for tests that a request reaches the channel once. `restore()` puts the sandbox
 * back as it was.
 */
export function countSandboxCalls() {
  const calls: string[] = []
  const real = issuerFactories.sandbox
  issuerFactories.sandbox = (deps, channel) => {
    const issuer = real(deps, channel)
    const wrapped = { ...issuer } as unknown as Record<string, unknown>
    for (const op of ISSUER_OPERATIONS) {
      const call = (issuer[op] as (...a: unknown[]) => Promise<unknown>).bind(issuer)
      wrapped[op] = (first: unknown, ...rest: unknown[]) => {
        calls.push(`${op}:${typeof first === 'string' ? first : 'new'}`)
        return call(first, ...rest)
      }
    }
    return wrapped as unknown as IssuerChannel
  }
  return {
    calls,
    /** Calls of `operation` on the card `cardRef`. */
    count: (operation: string, cardRef: string) =>
      calls.filter((c) => c === `${operation}:${cardRef}`).length,
    restore: () => {
      issuerFactories.sandbox = real
    },
  }
}

/**
 * Makes the sandbox answer `operations` on `channelId` after `latencyMs` and never fail, so a
 * request is still at the channel when its copy arrives (the concurrency tests).
 */
export async function slowSandbox(
  db: Db,
  channelId: number,
  operations: readonly IssuerOperation[],
  latencyMs: number,
) {
  for (const operation of operations) {
    await db
      .insert(channelParameters)
      .values({ channelId, operation, latencyMs })
      .onConflictDoUpdate({
        target: [channelParameters.channelId, channelParameters.operation],
        set: { latencyMs, failurePercent: 0 },
      })
  }
}
