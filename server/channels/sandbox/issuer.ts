import { randomBytes, randomInt } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import { encryptField } from '../../cards/cardData'
import type { Db } from '../../db/client'
import { sandboxCards, sandboxOperations } from '../../db/schema'
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

  async function card(cardRef: string, q: Db = db): Promise<SandboxCard> {
    const [row] = await q.select().from(sandboxCards).where(eq(sandboxCards.cardRef, cardRef))
    if (!row || row.channelId !== channel.id) {
      throw new ChannelError('refused', 'sandbox: unknown card')
    }
    return row
  }

  /** Moves the sandbox's card from one of `from` to `to`; anything else is refused. */
  async function move(tx: Db, cardRef: string, from: string[], to: string) {
    const row = await card(cardRef, tx)
    if (!from.includes(row.status)) {
      throw new ChannelError('refused', `sandbox: card is ${row.status}`)
    }
    await tx.update(sandboxCards).set({ status: to }).where(eq(sandboxCards.cardRef, cardRef))
  }

  /**
   * Carries out `work` once per idempotency key: the key's row is written in the same
   * transaction as the work, so of two copies sent at the same moment one does it and the
   * other (waiting on the key's unique row) finds it done and answers the first result. The
   * same key with other arguments is refused; a refused operation keeps no row, so sending it
   * again is judged afresh.
   */
  async function once(
    key: string,
    operation: SandboxOperation,
    cardRef: string,
    args: unknown[],
    work: (tx: Db) => Promise<void>,
  ) {
    const fingerprint = JSON.stringify([operation, cardRef, ...args])
    await db.transaction(async (tx) => {
      const [fresh] = await tx
        .insert(sandboxOperations)
        .values({
          channelId: channel.id,
          idempotencyKey: key,
          operation,
          cardRef,
          fingerprint,
          createdAt: deps.clock.now(),
        })
        .onConflictDoNothing()
        .returning({ key: sandboxOperations.idempotencyKey })
      if (!fresh) {
        const [first] = await tx
          .select({ fingerprint: sandboxOperations.fingerprint })
          .from(sandboxOperations)
          .where(
            and(
              eq(sandboxOperations.channelId, channel.id),
              eq(sandboxOperations.idempotencyKey, key),
            ),
          )
        if (first?.fingerprint !== fingerprint) {
          throw new ChannelError('refused', 'sandbox: idempotency key reused with other arguments')
        }
        return
      }
      await work(tx)
    })
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

    async topUp(cardRef, amount, currency, key) {
      await behave('topUp')
      await once(key, 'topUp', cardRef, [amount, currency], async (tx) => {
        const row = await card(cardRef, tx)
        sameCurrency(row, currency)
        if (!['active', 'blocked'].includes(row.status)) {
          throw new ChannelError('refused', `sandbox: card is ${row.status}`)
        }
        await tx
          .update(sandboxCards)
          .set({ balance: sql`${sandboxCards.balance} + ${amount}` })
          .where(eq(sandboxCards.cardRef, cardRef))
      })
    },

    async withdraw(cardRef, amount, currency, key) {
      await behave('withdraw')
      await once(key, 'withdraw', cardRef, [amount, currency], async (tx) => {
        const row = await card(cardRef, tx)
        sameCurrency(row, currency)
        if (!['active', 'blocked'].includes(row.status)) {
          throw new ChannelError('refused', `sandbox: card is ${row.status}`)
        }
        const [done] = await tx
          .update(sandboxCards)
          .set({ balance: sql`${sandboxCards.balance} - ${amount}` })
          .where(sql`${sandboxCards.cardRef} = ${cardRef} and ${sandboxCards.balance} >= ${amount}`)
          .returning({ cardRef: sandboxCards.cardRef })
        if (!done) throw new ChannelError('refused', 'sandbox: insufficient card balance')
      })
    },

    async freeze(cardRef, key) {
      await behave('freeze')
      await once(key, 'freeze', cardRef, [], (tx) => move(tx, cardRef, ['active'], 'blocked'))
    },

    async unfreeze(cardRef, key) {
      await behave('unfreeze')
      await once(key, 'unfreeze', cardRef, [], (tx) => move(tx, cardRef, ['blocked'], 'active'))
    },

    async cancel(cardRef, key) {
      await behave('cancel')
      await once(key, 'cancel', cardRef, [], async (tx) => {
        // What is left on a cancelled card goes back: the platform returns it to the merchant.
        await move(tx, cardRef, ['active', 'blocked', 'pending', 'systemError'], 'cancelled')
        await tx.update(sandboxCards).set({ balance: 0 }).where(eq(sandboxCards.cardRef, cardRef))
      })
    },

    async updateLimits(cardRef, limits: CardLimits, key) {
      await behave('updateLimits')
      await once(key, 'updateLimits', cardRef, [limits], async (tx) => {
        const row = await card(cardRef, tx)
        if (!['active', 'blocked'].includes(row.status)) {
          throw new ChannelError('refused', `sandbox: card is ${row.status}`)
        }
        await tx.update(sandboxCards).set({ limits }).where(eq(sandboxCards.cardRef, cardRef))
      })
    },
  }
}
