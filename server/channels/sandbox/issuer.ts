import { randomBytes, randomInt } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import { encryptField } from '../../cards/cardData'
import { sandboxCards } from '../../db/schema'
import type { Deps } from '../../deps'
import type { ChannelRow } from '../handlers'
import { ChannelError, type CardLimits, type IssuerChannel } from '../issuer'
import { cardNumberFor, securityCode, type RandomInt } from './numbers'
import {
  behaviourOf,
  CREATION_RESULT,
  injectsFailure,
  type OperationBehaviour,
  type SandboxOperation,
} from './parameters'

/**
 * Where the sandbox draws chance and waits: real randomness and timers in a running process;
 * tests replace them (a fixed draw, a sleep that records instead of waiting).
 */
export const sandboxHooks: { random: RandomInt; sleep: (ms: number) => Promise<void> } = {
  random: randomInt,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
}

type SandboxCard = typeof sandboxCards.$inferSelect

/**
 * The built-in sandbox issuer (DESIGN §8). It behaves as a remote channel would: calls answer
 * after the configured latency or fail as configured (`channel_parameters`), it keeps its own
 * view of each card (`sandbox_cards`: status, balance, limits), and a card's creation result
 * reaches the platform later as a signed `card.creation` event on the webhook
 * (`delivery.ts`), never as a call into the platform.
 */
export function sandboxIssuer(deps: Deps, channel: ChannelRow): IssuerChannel {
  const { db } = deps

  /** Latency first, then the injected failure, as a slow and unreliable channel would. */
  async function behave(operation: SandboxOperation): Promise<OperationBehaviour> {
    const b = await behaviourOf(db, channel.id, operation)
    if (b.latencyMs > 0) await sandboxHooks.sleep(b.latencyMs)
    if (injectsFailure(b, sandboxHooks.random)) {
      throw new ChannelError(
        b.failureKind === 'unavailable' ? 'unavailable' : 'refused',
        `sandbox: ${operation} ${b.failureKind === 'unavailable' ? 'unavailable' : 'refused'} (injected)`,
      )
    }
    return b
  }

  async function card(cardRef: string): Promise<SandboxCard> {
    const [row] = await db.select().from(sandboxCards).where(eq(sandboxCards.cardRef, cardRef))
    if (!row || row.channelId !== channel.id) {
      throw new ChannelError('refused', 'sandbox: unknown card')
    }
    return row
  }

  /** Moves the sandbox's card from one of `from` to `to`; anything else is refused. */
  async function move(cardRef: string, from: string[], to: string) {
    const row = await card(cardRef)
    if (!from.includes(row.status)) {
      throw new ChannelError('refused', `sandbox: card is ${row.status}`)
    }
    await db.update(sandboxCards).set({ status: to }).where(eq(sandboxCards.cardRef, cardRef))
  }

  async function byClientRef(clientRef: string) {
    const [row] = await db
      .select({ cardRef: sandboxCards.cardRef })
      .from(sandboxCards)
      .where(and(eq(sandboxCards.channelId, channel.id), eq(sandboxCards.clientRef, clientRef)))
    return row ?? null
  }

  function sameCurrency(row: SandboxCard, currency: string) {
    if (row.currency !== currency) throw new ChannelError('refused', 'sandbox: currency mismatch')
  }

  return {
    code: channel.code,

    async createCard(req) {
      await behave('createCard')
      // Idempotent by the platform's card id: a repeated request (the platform never heard our
      // answer) gets the first card back, with its number and its pending result unchanged.
      const first = await byClientRef(req.clientRef)
      if (first) return { cardRef: first.cardRef }
      const outcome = await behaviourOf(db, channel.id, CREATION_RESULT)
      const result = injectsFailure(outcome, sandboxHooks.random) ? outcome.failureKind : 'success'
      const number = cardNumberFor(req.bin, sandboxHooks.random)
      const cardRef = `sbx_${randomBytes(12).toString('hex')}`
      const now = deps.clock.now()
      await db
        .insert(sandboxCards)
        .values({
          cardRef,
          channelId: channel.id,
          clientRef: req.clientRef,
          currency: req.currency,
          numberEnc: encryptField(deps.dataKey, number),
          securityCodeEnc: encryptField(deps.dataKey, securityCode(sandboxHooks.random)),
          expiry: req.expiry,
          creationResult: result,
          status: 'creating',
          balance: result === 'success' ? (req.initialAmount ?? 0) : 0,
          deliverAt: new Date(now.getTime() + outcome.latencyMs),
          createdAt: now,
        })
        .onConflictDoNothing()
      // Two copies of the request at the same moment: the one stored first is the card.
      return { cardRef: (await byClientRef(req.clientRef))!.cardRef }
    },

    async topUp(cardRef, amount, currency) {
      await behave('topUp')
      const row = await card(cardRef)
      sameCurrency(row, currency)
      if (!['active', 'blocked'].includes(row.status)) {
        throw new ChannelError('refused', `sandbox: card is ${row.status}`)
      }
      await db
        .update(sandboxCards)
        .set({ balance: sql`${sandboxCards.balance} + ${amount}` })
        .where(eq(sandboxCards.cardRef, cardRef))
    },

    async withdraw(cardRef, amount, currency) {
      await behave('withdraw')
      const row = await card(cardRef)
      sameCurrency(row, currency)
      if (!['active', 'blocked'].includes(row.status)) {
        throw new ChannelError('refused', `sandbox: card is ${row.status}`)
      }
      const [done] = await db
        .update(sandboxCards)
        .set({ balance: sql`${sandboxCards.balance} - ${amount}` })
        .where(sql`${sandboxCards.cardRef} = ${cardRef} and ${sandboxCards.balance} >= ${amount}`)
        .returning({ cardRef: sandboxCards.cardRef })
      if (!done) throw new ChannelError('refused', 'sandbox: insufficient card balance')
    },

    async freeze(cardRef) {
      await behave('freeze')
      await move(cardRef, ['active'], 'blocked')
    },

    async unfreeze(cardRef) {
      await behave('unfreeze')
      await move(cardRef, ['blocked'], 'active')
    },

    async cancel(cardRef) {
      await behave('cancel')
      // What is left on a cancelled card goes back: the platform returns it to the merchant.
      await move(cardRef, ['active', 'blocked', 'pending', 'systemError'], 'cancelled')
      await db.update(sandboxCards).set({ balance: 0 }).where(eq(sandboxCards.cardRef, cardRef))
    },

    async updateLimits(cardRef, limits: CardLimits) {
      await behave('updateLimits')
      const row = await card(cardRef)
      if (!['active', 'blocked'].includes(row.status)) {
        throw new ChannelError('refused', `sandbox: card is ${row.status}`)
      }
      await db.update(sandboxCards).set({ limits }).where(eq(sandboxCards.cardRef, cardRef))
    },
  }
}
