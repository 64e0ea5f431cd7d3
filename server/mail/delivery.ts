import { createHash } from 'node:crypto'
import { and, asc, desc, eq, gt, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm'
import { decryptField, type DataKey } from '../cards/cardData'
import { loadConfig, type Config } from '../config'
import type { Db } from '../db/client'
import { emailAccounts, sendAttempts, sendRecords } from '../db/schema'
import type { Clock, Logger } from '../deps'
import type { SealedMessage } from './outbox'
import { maxAttempts, retryDelaySeconds } from './retrySchedule'
import { addressOf, openSmtp, settingsFromUrl, SmtpError, type SmtpSettings } from './smtp'

/** The queue that delivers one send record per job. */
export const MAIL_DELIVERY_QUEUE = 'mail-delivery'
/**
 * pg-boss's retries of one delivery job: for a job that threw (a failed record, or the database
 * away mid-job), not for a failed attempt, whose next try the record itself schedules
 * (`nextAttemptAt`, asked for by the sweep). Then the job is dead-lettered.
 */
export const MAIL_JOB_RETRY_LIMIT = 1
/** Attempts a record gets in all with the default settings (a day of capped backoff). */
export const MAIL_MAX_ATTEMPTS = maxAttempts(loadConfig({}))

/** Why a record ends failed when its process stopped after handing the message over. */
export const OUTCOME_UNKNOWN =
  'The process stopped after handing the message to the SMTP server, before it wrote down the answer. It may have been delivered: it is not sent again automatically (resend it from the send record if it did not arrive).'
/** Why a record is `expired`: what it carried (a code, a link) is no longer valid. */
export const CONTENT_EXPIRED =
  'What the mail carries (a code or a link) expired before it could be delivered: it is not sent.'
const STOPPED_BEFORE_HANDING =
  'The process stopped before the message was handed to the SMTP server; it is tried again.'

export interface DeliveryDeps {
  db: Db
  dataKey: DataKey
  clock: Clock
  log: Logger
  config: Pick<
    Config,
    | 'SMTP_URL'
    | 'MAIL_FROM'
    | 'MAIL_SENDING_LEASE_SECONDS'
    | 'MAIL_RETRY_DELAY_SECONDS'
    | 'MAIL_RETRY_FOR_SECONDS'
  >
}

export type DeliveryOutcome =
  | { status: 'sent' }
  /** This attempt failed; the record waits for the next one, not before `nextAttemptAt`. */
  | { status: 'retry'; answer: string; nextAttemptAt: Date }
  /** Not sent and never will be: its content expired before this try. */
  | { status: 'expired' }
  /** The record failed for good (attempts spent, or the outcome is unknown). */
  | { status: 'failed'; answer: string }
  /** Nothing to do: another worker has it, or it was already sent (or never committed). */
  | { status: 'skipped'; current: string | null }

/** The id of the delivery job for a record's generation: the same in every instance. */
export function deliveryJobId(recordId: number, generation: number): string {
  const h = createHash('sha256')
    .update(`${MAIL_DELIVERY_QUEUE}\n${recordId}\n${generation}`)
    .digest('hex')
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`
}

/** The record's Message-ID: derived from its id, so every attempt carries the same one. */
export function messageIdFor(recordId: number, from: string): string {
  const domain = addressOf(from).split('@')[1] || 'vcc.local'
  return `<send-record-${recordId}@${domain}>`
}

/** How the record's sender account (or the platform's SMTP_URL) is reached. */
async function settingsFor(deps: DeliveryDeps, accountId: number | null): Promise<SmtpSettings> {
  if (accountId !== null) {
    const [account] = await deps.db
      .select()
      .from(emailAccounts)
      .where(eq(emailAccounts.id, accountId))
    if (!account) throw new SmtpError(`sender account ${accountId} no longer exists`)
    if (account.status !== 'active')
      throw new SmtpError(`sender account ${account.address} is inactive`)
    return {
      host: account.host,
      port: account.port,
      security: account.security as SmtpSettings['security'],
      user: account.userName || undefined,
      password: account.passwordSealed
        ? decryptField(deps.dataKey, account.passwordSealed)
        : undefined,
      from: account.senderName ? `${account.senderName} <${account.address}>` : account.address,
    }
  }
  if (!deps.config.SMTP_URL) {
    throw new SmtpError('no sender account is set as the platform default and SMTP_URL is not set')
  }
  return settingsFromUrl(deps.config.SMTP_URL, deps.config.MAIL_FROM)
}

const message = (err: unknown) => (err instanceof Error ? err.message : String(err))

/**
 * One attempt at one send record, handed to SMTP at most once per record whatever the crashes
 * (docs/mail.md). The record is claimed (`queued` → `sending`, with a lease) and the attempt
 * written before anything reaches the SMTP server; the attempt moves to `handed` just before
 * the message goes; the answer is written after. A process stopping at any point leaves a row
 * the sweep (`recoverStale`) can judge without guessing.
 */
export async function deliverRecord(
  deps: DeliveryDeps,
  recordId: number,
): Promise<DeliveryOutcome> {
  const { db } = deps
  const now = deps.clock.now()
  const [record] = await db
    .update(sendRecords)
    .set({
      status: 'sending',
      attempts: sql`${sendRecords.attempts} + 1`,
      leaseUntil: new Date(now.getTime() + deps.config.MAIL_SENDING_LEASE_SECONDS * 1000),
    })
    .where(
      and(
        eq(sendRecords.id, recordId),
        eq(sendRecords.status, 'queued'),
        // A code or a link past its validity is never sent (marked expired below).
        or(isNull(sendRecords.expiresAt), gt(sendRecords.expiresAt, now)),
      ),
    )
    .returning()
  if (!record) {
    if ((await expireDue(db, now, recordId)) > 0) return { status: 'expired' }
    const [current] = await db
      .select({ status: sendRecords.status })
      .from(sendRecords)
      .where(eq(sendRecords.id, recordId))
    return { status: 'skipped', current: current?.status ?? null }
  }
  const number = record.attempts
  const [attempt] = await db
    .insert(sendAttempts)
    .values({ recordId, number, accountId: record.accountId, startedAt: now, stage: 'connecting' })
    .returning({ id: sendAttempts.id })

  let smtp: Awaited<ReturnType<typeof openSmtp>>
  let settings: SmtpSettings
  let sealed: SealedMessage
  try {
    if (!record.sealed) throw new SmtpError('the message is no longer kept')
    sealed = JSON.parse(decryptField(deps.dataKey, record.sealed)) as SealedMessage
    settings = await settingsFor(deps, record.accountId)
    smtp = await openSmtp(settings)
  } catch (err) {
    // Nothing was handed over: a definite failure, tried again while attempts remain.
    return failAttempt(deps, record, attempt.id, message(err))
  }

  // The point of no return is written down before it is passed, and only while the record is
  // still this attempt's (a sweep may have taken back a lease that ran out).
  const ours = await db.transaction(async (tx) => {
    const [still] = await tx
      .update(sendRecords)
      .set({ messageId: messageIdFor(record.id, settings.from) })
      .where(
        and(
          eq(sendRecords.id, record.id),
          eq(sendRecords.status, 'sending'),
          eq(sendRecords.attempts, number),
        ),
      )
      .returning({ id: sendRecords.id })
    if (!still) return false
    await tx.update(sendAttempts).set({ stage: 'handed' }).where(eq(sendAttempts.id, attempt.id))
    return true
  })
  if (!ours) {
    smtp.close()
    return { status: 'skipped', current: 'sending' }
  }

  let answer: string
  try {
    answer = await smtp.handOver({
      to: record.to,
      subject: sealed.subject,
      text: sealed.text,
      html: sealed.html,
      messageId: messageIdFor(record.id, settings.from),
    })
  } catch (err) {
    // A refusal with an SMTP code means the server did not take the message; anything else
    // (the connection dropped mid-message) leaves it unknown, and unknown is never re-sent.
    const code = (err as { responseCode?: number }).responseCode
    if (code && code >= 400) return failAttempt(deps, record, attempt.id, message(err))
    return finishUnknown(deps, record.id, attempt.id, `${OUTCOME_UNKNOWN} (${message(err)})`)
  }
  const done = deps.clock.now()
  await db.transaction(async (tx) => {
    await tx
      .update(sendAttempts)
      .set({ stage: 'done', outcome: 'sent', answer, finishedAt: done })
      .where(eq(sendAttempts.id, attempt.id))
    // Sent: the secrets it carried are no longer needed and no longer kept.
    await tx
      .update(sendRecords)
      .set({ status: 'sent', sentAt: done, leaseUntil: null, sealed: null, error: null })
      .where(eq(sendRecords.id, record.id))
  })
  return { status: 'sent' }
}

/**
 * A failed attempt: the record waits for its next try (capped exponential backoff, a new
 * generation whose job the sweep asks for once it is due), or fails after its last attempt. One
 * whose content expires meanwhile is marked expired by the sweep (`expireDue`).
 */
async function failAttempt(
  deps: DeliveryDeps,
  record: { id: number; attempts: number },
  attemptId: number,
  answer: string,
): Promise<DeliveryOutcome> {
  const number = record.attempts
  const done = deps.clock.now()
  const nextAttemptAt = new Date(done.getTime() + retryDelaySeconds(deps.config, number) * 1000)
  const outcome: DeliveryOutcome =
    number >= maxAttempts(deps.config)
      ? { status: 'failed', answer }
      : { status: 'retry', answer, nextAttemptAt }
  await deps.db.transaction(async (tx) => {
    await tx
      .update(sendAttempts)
      .set({ stage: 'done', outcome: 'failed', answer, finishedAt: done })
      .where(eq(sendAttempts.id, attemptId))
    await tx
      .update(sendRecords)
      .set(
        outcome.status === 'retry'
          ? {
              status: 'queued',
              error: answer,
              leaseUntil: null,
              nextAttemptAt,
              generation: sql`${sendRecords.generation} + 1`,
              askedAt: null,
            }
          : { status: 'failed', error: answer, leaseUntil: null, nextAttemptAt: null },
      )
      .where(
        and(
          eq(sendRecords.id, record.id),
          eq(sendRecords.status, 'sending'),
          eq(sendRecords.attempts, number),
        ),
      )
  })
  return outcome
}

/**
 * Marks queued records whose content has expired (`expiresAt` passed) as `expired`, in one
 * statement, and drops their sealed message: they are never sent. One record (`id`) or all.
 */
export async function expireDue(db: Db, now: Date, id?: number): Promise<number> {
  const rows = await db
    .update(sendRecords)
    .set({ status: 'expired', error: CONTENT_EXPIRED, sealed: null, nextAttemptAt: null })
    .where(
      and(
        eq(sendRecords.status, 'queued'),
        lte(sendRecords.expiresAt, now),
        id === undefined ? undefined : eq(sendRecords.id, id),
      ),
    )
    .returning({ id: sendRecords.id })
  return rows.length
}

async function finishUnknown(
  deps: DeliveryDeps,
  recordId: number,
  attemptId: number,
  answer: string,
): Promise<DeliveryOutcome> {
  const done = deps.clock.now()
  await deps.db.transaction(async (tx) => {
    await tx
      .update(sendAttempts)
      .set({ stage: 'done', outcome: 'unknown', answer, finishedAt: done })
      .where(eq(sendAttempts.id, attemptId))
    await tx
      .update(sendRecords)
      .set({ status: 'failed', error: answer, leaseUntil: null })
      .where(eq(sendRecords.id, recordId))
  })
  return { status: 'failed', answer }
}

/**
 * Judges the records whose attempt outlived its lease (its process stopped, or hangs): an
 * attempt that never reached `handed` is given back (queued again, a new generation so a new
 * delivery job picks it up); one that did is failed as unknown and never sent again. Safe on
 * any number of instances at once (`FOR UPDATE SKIP LOCKED`). Returns how many it judged.
 */
export async function recoverStale(deps: DeliveryDeps, batch = 100): Promise<number> {
  const now = deps.clock.now()
  return deps.db.transaction(async (tx) => {
    const stale = await tx
      .select()
      .from(sendRecords)
      .where(and(eq(sendRecords.status, 'sending'), lt(sendRecords.leaseUntil, now)))
      .orderBy(asc(sendRecords.id))
      .limit(batch)
      .for('update', { skipLocked: true })
    for (const record of stale) {
      const [attempt] = await tx
        .select()
        .from(sendAttempts)
        .where(eq(sendAttempts.recordId, record.id))
        .orderBy(desc(sendAttempts.number))
        .limit(1)
      const handed = attempt?.stage === 'handed'
      if (attempt && attempt.stage !== 'done') {
        await tx
          .update(sendAttempts)
          .set({
            stage: 'done',
            outcome: handed ? 'unknown' : 'failed',
            answer: handed ? OUTCOME_UNKNOWN : STOPPED_BEFORE_HANDING,
            finishedAt: now,
          })
          .where(eq(sendAttempts.id, attempt.id))
      }
      const final = handed || record.attempts >= maxAttempts(deps.config)
      await tx
        .update(sendRecords)
        .set({
          status: final ? 'failed' : 'queued',
          error: handed ? OUTCOME_UNKNOWN : STOPPED_BEFORE_HANDING,
          leaseUntil: null,
          generation: sql`${sendRecords.generation} + 1`,
          // The new generation's job is asked for at the next sweep.
          askedAt: null,
          nextAttemptAt: null,
        })
        .where(eq(sendRecords.id, record.id))
    }
    return stale.length
  })
}

/**
 * Marks, in ONE statement, the queued records queued before `before` whose delivery job the
 * sweep has not asked for since `askedBefore` (never, or longer ago than the job's expiry), and
 * answers them with the generation their job is named after. A younger record has its job from
 * `deliverSoon`; a record asked for recently has its job (waiting, active or retrying) until it
 * ends. Asking again for every queued record on every sweep, one statement each, is what kept
 * the 1,000-mail bench from delivering (docs/mail.md). Several instances share the rows
 * (`FOR UPDATE SKIP LOCKED`): a record is marked by one of them.
 */
export async function recordsToAskFor(
  db: Db,
  {
    before,
    askedBefore,
    now,
    limit = 1000,
  }: { before: Date; askedBefore: Date; now: Date; limit?: number },
) {
  const due = db
    .select({ id: sendRecords.id })
    .from(sendRecords)
    .where(
      and(
        eq(sendRecords.status, 'queued'),
        or(isNull(sendRecords.askedAt), lt(sendRecords.askedAt, askedBefore)),
        or(
          // Never tried: its `deliverSoon` job had time enough.
          and(isNull(sendRecords.nextAttemptAt), lt(sendRecords.createdAt, before)),
          // Waiting for its next try (backoff): asked for once that time has come.
          lte(sendRecords.nextAttemptAt, now),
        ),
      ),
    )
    .orderBy(asc(sendRecords.id))
    .limit(limit)
    .for('update', { skipLocked: true })
  return db
    .update(sendRecords)
    .set({ askedAt: now })
    .where(inArray(sendRecords.id, due))
    .returning({ id: sendRecords.id, generation: sendRecords.generation })
}
