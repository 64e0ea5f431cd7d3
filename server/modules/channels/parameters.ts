import { z } from '@hono/zod-openapi'
import { and, asc, eq } from 'drizzle-orm'
import { audit } from '../../audit'
import { PLATFORM_ADMIN } from '../../auth/permissions'
import {
  CALL_FAILURE_KINDS,
  CREATION_FAILURE_KINDS,
  CREATION_RESULT,
  SANDBOX_OPERATIONS,
} from '../../channels/sandbox/parameters'
import { channelParameters, channels } from '../../db/schema'
import { action } from '../../http/action'
import type { AdminApp } from '../../http/context'
import type { Db } from '../../db/client'
import { BizError } from '../../http/errors'
import { fieldRefusal } from '../../http/refusals'
import { iso } from '../../http/wire'
import { ok } from '../../http/respond'
import { CardRules } from '../cards/rules'
import { ChannelWebhookRules } from './rules'

const Operation = z.enum([...SANDBOX_OPERATIONS, CREATION_RESULT])
const Parameter = z
  .object({
    operation: Operation,
    latencyMs: z.number().int().min(0).max(60_000),
    failurePercent: z.number().int().min(0).max(100),
    /** refused / unavailable for a call; failed / pending / systemError for creationResult. */
    failureKind: z.enum([...CALL_FAILURE_KINDS, ...CREATION_FAILURE_KINDS]),
  })
  .openapi('ChannelParameter')
const ChannelCode = z.object({ channelCode: z.string().min(1).max(50) })

/**
 * Latency and failure injection of a channel, per operation (the sandbox issuer reads them on
 * every call): platform administrators only. An operation without a row answers at once and
 * never fails.
 */
export function registerChannelParameters(app: AdminApp) {
  app.openapi(
    action({
      path: '/channels/parameters/list',
      tag: 'channels',
      summary: "A channel's latency and failure injection per operation",
      permission: PLATFORM_ADMIN,
      body: ChannelCode,
      data: z.array(Parameter.extend({ updatedAt: z.string() })),
      rules: [ChannelWebhookRules.unknownChannel],
    }),
    async (c) => {
      const { db } = c.var.deps
      const channel = await channelByCode(c.var.deps.db, c.req.valid('json').channelCode)
      const rows = await db
        .select()
        .from(channelParameters)
        .where(eq(channelParameters.channelId, channel.id))
        .orderBy(asc(channelParameters.operation))
      return ok(
        c,
        rows.map((r) => ({
          operation: r.operation as z.infer<typeof Operation>,
          latencyMs: r.latencyMs,
          failurePercent: r.failurePercent,
          failureKind: r.failureKind as z.infer<typeof Parameter>['failureKind'],
          updatedAt: iso(r.updatedAt),
        })),
      )
    },
  )

  app.openapi(
    action({
      path: '/channels/parameters/save',
      tag: 'channels',
      summary:
        "Set one operation's latency (ms), failure percentage and failure kind on a channel " +
        '(creationResult: the delay and outcome of the asynchronous card creation)',
      permission: PLATFORM_ADMIN,
      body: ChannelCode.extend(Parameter.shape),
      data: Parameter,
      rules: [ChannelWebhookRules.unknownChannel, CardRules.parameterKind],
    }),
    async (c) => {
      const { db, clock } = c.var.deps
      const input = c.req.valid('json')
      const channel = await channelByCode(db, input.channelCode)
      const kinds: readonly string[] =
        input.operation === CREATION_RESULT ? CREATION_FAILURE_KINDS : CALL_FAILURE_KINDS
      if (!kinds.includes(input.failureKind)) {
        throw fieldRefusal(
          c,
          CardRules.parameterKind,
          'failureKind',
          'refusals:cardLife.parameterKind',
        )
      }
      const values = {
        latencyMs: input.latencyMs,
        failurePercent: input.failurePercent,
        failureKind: input.failureKind,
        updatedAt: clock.now(),
      }
      await db.transaction(async (tx) => {
        await tx
          .insert(channelParameters)
          .values({ channelId: channel.id, operation: input.operation, ...values })
          .onConflictDoUpdate({
            target: [channelParameters.channelId, channelParameters.operation],
            set: values,
          })
        await audit(
          c,
          {
            action: 'channel.parameters',
            target: `channel:${channel.id}`,
            detail: { operation: input.operation, ...values, updatedAt: undefined },
          },
          tx,
        )
      })
      return ok(c, {
        operation: input.operation,
        latencyMs: input.latencyMs,
        failurePercent: input.failurePercent,
        failureKind: input.failureKind,
      })
    },
  )
}

async function channelByCode(db: Db, code: string) {
  const [channel] = await db
    .select()
    .from(channels)
    .where(and(eq(channels.code, code)))
  if (!channel) throw new BizError(ChannelWebhookRules.unknownChannel)
  return channel as typeof channels.$inferSelect
}
