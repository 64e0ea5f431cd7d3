import type { DataKey } from '../cards/cardData'
import type { Db } from '../db/client'
import type { JobSystem } from '../jobs/system'
import {
  deliverRecord,
  deliveryJobId,
  MAIL_DELIVERY_QUEUE,
  type DeliveryDeps,
  type DeliveryOutcome,
} from './delivery'
import { enqueueMail, hasTransport, type MailRequest } from './outbox'
import type { MailRenderer } from './render'
import { templateRenderer } from './templates/renderer'

export type { MailRequest } from './outbox'

/**
 * The product's one way to send mail (DESIGN §13, docs/mail.md): every mail is a send record
 * written into the outbox, delivered by the `mail-delivery` job.
 */
export interface Mailer {
  /** How events become messages (today's texts in code, or the stored templates). */
  readonly renderer: MailRenderer
  /**
   * Writes the mail into the outbox through `db`: pass the caller's transaction, so a
   * rolled-back request sends nothing. Call `deliverSoon` with the id after the commit.
   */
  enqueue(db: Db, mail: MailRequest): Promise<number>
  /**
   * Asks for delivery now rather than at the next sweep. Safe to lose (the sweep finds every
   * queued record) and never awaited: on PGlite a job sent inside a transaction would wait
   * for that transaction, so this one only starts after it.
   */
  deliverSoon(ids: number[]): void
  /**
   * Whether such a mail could leave at all: an active sender account for it (the company's
   * choice or the platform default) or SMTP_URL. Asked before promising a mail to a user.
   */
  canSend(db: Db, mail: Pick<MailRequest, 'accountId' | 'companyId'>): Promise<boolean>
  /** `enqueue` outside any transaction, then `deliverSoon`: a mail that stands on its own. */
  send(mail: MailRequest): Promise<number>
  /** Delivery from here on goes through the job system's queue (server/mail/jobs.ts). */
  useJobs(jobs: JobSystem): void
  /** Resolves when the deliveries this process started without a job system are done. */
  idle(): Promise<void>
}

export interface MailerOptions extends DeliveryDeps {
  renderer?: MailRenderer
}

export function createMailer(opts: MailerOptions): Mailer {
  const renderer = opts.renderer ?? templateRenderer
  let jobs: JobSystem | null = null
  const inline = new Set<Promise<DeliveryOutcome | void>>()
  const ctx = () => ({ renderer, dataKey: opts.dataKey as DataKey, now: opts.clock.now() })

  const mailer: Mailer = {
    renderer,
    enqueue: (db, mail) => enqueueMail(db, ctx(), mail),
    canSend: (db, mail) => hasTransport(db, opts.config.SMTP_URL, mail),
    deliverSoon(ids) {
      for (const id of ids) {
        if (jobs?.started) {
          jobs
            .send(MAIL_DELIVERY_QUEUE, { id }, { id: deliveryJobId(id, 0) })
            .catch((err: Error) =>
              opts.log.error('mail delivery not asked for', { id, error: err.message }),
            )
          continue
        }
        // No job system here (a script, an API test): the same claim and hand-over, once; a
        // failure leaves the record queued for a job system's sweep.
        const p: Promise<DeliveryOutcome | void> = deliverRecord(opts, id).catch((err: Error) =>
          opts.log.error('mail delivery failed', { id, error: err.message }),
        )
        inline.add(p)
        void p.finally(() => inline.delete(p))
      }
    },
    async send(mail) {
      const id = await mailer.enqueue(opts.db, mail)
      mailer.deliverSoon([id])
      return id
    },
    useJobs(j) {
      jobs = j
    },
    async idle() {
      while (inline.size > 0) await Promise.allSettled([...inline])
    },
  }
  return mailer
}
