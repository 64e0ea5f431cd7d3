import { and, eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { channelParameters } from '../../db/schema'
import { ISSUER_OPERATIONS } from '../../../src/lib/channelOperations'

/** The operations whose behaviour the sandbox reads from `channel_parameters`. */
export const SANDBOX_OPERATIONS = ISSUER_OPERATIONS
export type SandboxOperation = (typeof SANDBOX_OPERATIONS)[number]
/** The asynchronous outcome of a creation: its delay and how often it is not a success. */
export const CREATION_RESULT = 'creationResult'
export type ParameterOperation = SandboxOperation | typeof CREATION_RESULT

export const CALL_FAILURE_KINDS = ['refused', 'unavailable'] as const
export const CREATION_FAILURE_KINDS = ['failed', 'pending', 'systemError'] as const

export interface OperationBehaviour {
  latencyMs: number
  failurePercent: number
  failureKind: string
}

/** Without a row an operation answers at once and never fails. */
export const NO_INJECTION: OperationBehaviour = {
  latencyMs: 0,
  failurePercent: 0,
  failureKind: 'refused',
}

export async function behaviourOf(
  db: Db,
  channelId: number,
  operation: ParameterOperation,
): Promise<OperationBehaviour> {
  const [row] = await db
    .select()
    .from(channelParameters)
    .where(
      and(eq(channelParameters.channelId, channelId), eq(channelParameters.operation, operation)),
    )
  return row ?? NO_INJECTION
}

/** Whether this call fails: `failurePercent` out of 100, drawn from `random` (0–99). */
export function injectsFailure(b: OperationBehaviour, random: (max: number) => number): boolean {
  return b.failurePercent > 0 && random(100) < b.failurePercent
}
