import { BACKGROUND_HEADER, LANGUAGE_HEADER } from '../../src/i18n/languages'
import { TEST_DATA_KEY } from '../cards/dataKey'
import { loadConfig, type Config } from '../config'
import type { Database } from '../db/client'
import { seed } from '../demo/seed'
import { watchDatabaseChanges } from '../cacheInvalidation'
import type { Clock, Deps } from '../deps'
import { thisInstance } from '../modules/system/heartbeat'
import { jobSqlFor } from '../jobs/database'
import { JobSystem } from '../jobs/system'
import { createMailer } from '../mail/mailer'
import { definePeriodicJobs } from '../periodicJobs'
import { createServer } from '../server'
import { Telemetry } from '../telemetry/recorder'
import { assertDeclaredStatus } from './declaredStatuses'
import { inject } from 'vitest'
import { openTestDatabase, type SeededTemplate } from './testDatabase'
import { startTestSmtp, type TestSmtp } from './smtp'

/** A clock the test moves by hand. */
export class TestClock implements Clock {
  private t: number
  constructor(start = Date.parse('2026-01-15T08:00:00Z')) {
    this.t = start
  }
  now() {
    return new Date(this.t)
  }
  advance(seconds: number) {
    this.t += seconds * 1000
  }
}

export interface CallOptions {
  token?: string | null
  lang?: string
  background?: boolean
  headers?: Record<string, string>
}

export interface CallResult<T = unknown> {
  status: number
  body: { code: number; msg: string; data: T }
}

export interface TestApi {
  deps: Deps
  clock: TestClock
  smtp: TestSmtp
  database: Database & { url?: string }
  /** POST (or GET with `method`) a JSON body to /admin<path>. */
  call<T = any>(
    path: string,
    body?: unknown,
    opts?: CallOptions & { method?: string },
  ): Promise<CallResult<T>>
  /** The whole response of a POST (downloads: headers and the body's bytes). */
  fetch(path: string, body: unknown, opts?: CallOptions): Promise<Response>
  /** Raw text body (for malformed-JSON tests). */
  callRaw(path: string, raw: string, opts?: CallOptions): Promise<CallResult>
  /** Signs in a demo user and returns the token of the full session. */
  login(loginName: string, password: string): Promise<string>
  close(): Promise<void>
}

export const DEMO = {
  admin: ['admin', 'Admin@123456'],
  company: ['company.admin', 'Company@123456'],
  merchant: ['merchant.user', 'Merchant@123456'],
  auditor: ['auditor', 'Auditor@123456'],
} as const

declare module 'vitest' {
  export interface ProvidedContext {
    /** Made once per run by server/testing/globalSetup.ts. */
    seededTemplate?: SeededTemplate
  }
}

/**
 * A whole API over a fresh database with the demo data, a test clock and a real SMTP server
 * that keeps what it receives. The database is a copy of the run's migrated and seeded one
 * (server/testing/globalSetup.ts) when there is one: migrating and seeding took each test file
 * ~10 s of CPU, a copy ~2 s. `fresh` migrates and seeds this one itself (what the run's copy is
 * made by); `keep` leaves a PostgreSQL database in place when the API closes.
 */
export async function createTestApi(
  overrides: Partial<Record<keyof Config, string>> = {},
  { fresh = false, keep = false }: { fresh?: boolean; keep?: boolean } = {},
): Promise<TestApi> {
  const smtp = await startTestSmtp()
  const config = loadConfig({ SMTP_URL: smtp.url, LOG_LEVEL: 'silent', ...overrides })
  const template = fresh ? undefined : inject('seededTemplate')
  const database = await openTestDatabase(template, { keep })
  if (!template) await database.migrate()
  const clock = new TestClock()
  // Durations are read from the test clock too: only what a test advances takes time.
  const telemetry = new Telemetry(clock, () => clock.now().getTime())
  const log = { info: () => {}, error: () => {} }
  const deps: Deps = {
    db: database.db,
    config,
    clock,
    mailer: createMailer({ db: database.db, config, clock, log, dataKey: TEST_DATA_KEY }),
    log,
    dataKey: TEST_DATA_KEY,
    // Events go through the app itself, signature checks and all.
    channelTransport: async (path, init) => {
      const res = await server.request(path, { method: 'POST', ...init })
      return { status: res.status, body: await res.text() }
    },
    telemetry,
    // Defined with the periodic jobs but not started: the tests that drive jobs start it
    // (`api.deps.jobs!.start()`); the others open no worker and no timer.
    jobs: new JobSystem(jobSqlFor(database), log),
    instance: thisInstance(clock.now(), () => database.connections()),
  }
  await definePeriodicJobs(deps.jobs!, deps)
  // The template was made by this same code with the same clock (its seed uses the clock).
  if (!template) await seed(deps, { demo: true })
  // As in a running server: cached grants and menus drop when the database notifies a change.
  const stopWatching = await watchDatabaseChanges(database, deps.log)
  const server = createServer(deps)

  function headers(opts: CallOptions = {}): Record<string, string> {
    const h: Record<string, string> = { 'Content-Type': 'application/json', ...opts.headers }
    if (opts.token) h.Authorization = `Bearer ${opts.token}`
    if (opts.lang) h[LANGUAGE_HEADER] = opts.lang
    if (opts.background) h[BACKGROUND_HEADER] = '1'
    return h
  }

  // Every answer is checked against the statuses its operation declares in the contract.
  async function request(path: string, init: RequestInit): Promise<Response> {
    const res = await server.request(`/admin${path}`, init)
    assertDeclaredStatus(init.method ?? 'GET', path, res.status)
    return res
  }

  async function send(path: string, init: RequestInit): Promise<CallResult> {
    const res = await request(path, init)
    const text = await res.text()
    return { status: res.status, body: text ? JSON.parse(text) : (null as never) }
  }

  const api: TestApi = {
    deps,
    clock,
    smtp,
    database,
    call(path, body, opts = {}) {
      const method = opts.method ?? 'POST'
      return send(path, {
        method,
        headers: headers(opts),
        body: method === 'GET' ? undefined : JSON.stringify(body ?? {}),
      }) as never
    },
    fetch(path, body, opts = {}) {
      return request(path, { method: 'POST', headers: headers(opts), body: JSON.stringify(body) })
    },
    callRaw(path, raw, opts = {}) {
      return send(path, { method: 'POST', headers: headers(opts), body: raw })
    },
    async login(loginName, password) {
      const res = await api.call<{ token: string }>('/login', { loginName, password })
      if (res.body.code !== 0) throw new Error(`login ${loginName} failed: ${res.body.msg}`)
      return res.body.data.token
    },
    async close() {
      await stopWatching()
      await deps.jobs!.stop()
      await database.close()
      await smtp.close()
    },
  }
  return api
}
