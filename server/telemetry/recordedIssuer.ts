import { ChannelError, type IssuerChannel } from '../channels/issuer'
import type { Telemetry } from './recorder'
import { ISSUER_OPERATIONS, type IssuerOperation } from '../../src/lib/channelOperations'

type Operation = IssuerOperation

/**
 * The issuer with every call recorded at the boundary (channel, operation, ok or how it failed,
 * latency): what the devops dashboard's per-channel health is computed from. The call itself
 * is unchanged, its answer and its error passed through as they are.
 */
export function recordedIssuer(
  issuer: IssuerChannel,
  channelId: number,
  telemetry: Telemetry,
): IssuerChannel {
  const wrapped = { code: issuer.code } as IssuerChannel
  for (const operation of ISSUER_OPERATIONS) {
    const call = issuer[operation].bind(issuer) as (...args: unknown[]) => Promise<unknown>
    ;(wrapped as unknown as Record<Operation, typeof call>)[operation] = async (...args) => {
      const started = telemetry.timer()
      const record = (failureKind: string | null) =>
        telemetry.channelCall({
          channelId,
          operation,
          ok: failureKind === null,
          failureKind,
          latencyMs: Math.max(0, Math.round(telemetry.timer() - started)),
        })
      try {
        const result = await call(...args)
        record(null)
        return result
      } catch (e) {
        record(e instanceof ChannelError ? e.kind : 'error')
        throw e
      }
    }
  }
  return wrapped
}
