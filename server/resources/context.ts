import type { Context } from 'hono'
import type { TFunction } from 'i18next'
import type { Actor } from '../auth/actor'
import type { Db } from '../db/client'
import type { Clock } from '../deps'
import type { AppEnv } from '../http/context'
import type { Language } from '../../src/i18n/languages'

/**
 * What a service needs to act (DESIGN §3): the database, who acts, the time, the caller's
 * language and the request it belongs to. Plain data, not the HTTP request, so jobs, webhooks
 * and issuer channels call the same services (they build it with a system actor and their own
 * request id).
 */
export interface ServiceContext {
  db: Db
  /** Absent for anonymous steps (sign-in, self-registration) and system jobs. */
  actor?: Actor
  clock: Clock
  t: TFunction
  requestId: string
  /** The caller's address, when there is one. */
  ip?: string
  /** The caller's language: mail a call queues is written in it (absent for jobs: en-US). */
  lang?: Language
}

/** The service context of an API call. */
export function serviceContext(c: Context<AppEnv>): ServiceContext {
  return {
    db: c.var.deps.db,
    actor: c.get('actor'),
    clock: c.var.deps.clock,
    t: c.var.t,
    requestId: c.var.requestId,
    ip: c.var.ip,
    lang: c.var.lang,
  }
}

/** Accepts either, so call sites move to the plain context one at a time. */
export function toServiceContext(from: Context<AppEnv> | ServiceContext): ServiceContext {
  return 'req' in from ? serviceContext(from) : from
}
