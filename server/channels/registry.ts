import type { Deps } from '../deps'
import type { ChannelRow } from './handlers'
import type { IssuerChannel } from './issuer'
import { sandboxIssuer } from './sandbox/issuer'
import { recordedIssuer } from '../telemetry/recordedIssuer'

/**
 * The implementation behind each channel code. The built-in sandbox issuer registers itself
 * here; a real channel's adapter would too. Tests may register a fake.
 */
export const issuerFactories: Record<string, (deps: Deps, channel: ChannelRow) => IssuerChannel> = {
  sandbox: sandboxIssuer,
}

export function issuerFor(deps: Deps, channel: ChannelRow): IssuerChannel {
  const make = issuerFactories[channel.code]
  if (!make) throw new Error(`no issuer implementation for channel ${channel.code}`)
  // Every call is recorded at this boundary (server/telemetry): the devops dashboard's figures.
  return recordedIssuer(make(deps, channel), channel.id, deps.telemetry)
}
