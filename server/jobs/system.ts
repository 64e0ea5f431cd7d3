import { createHash } from 'node:crypto'
import { Cron } from 'croner'
import PgBoss from 'pg-boss'
import type { Language } from '../../src/i18n/languages'
import type { Logger } from '../deps'
import { describeCron, validateCron } from './cron'
import type { JobSql } from './database'
import { deadLetterQueueOf, readQueueFigures, type QueueFigures } from './figures'

/** How often a job is tried again after its first failure before it is dead-lettered. */
export const DEFAULT_RETRY_LIMIT = 3
/** The wait before the first retry, in seconds; it doubles at each further retry. */
export const DEFAULT_RETRY_DELAY_SECONDS = 5
/** A job still active after this long is taken as lost (its process died) and failed. */
export const DEFAULT_EXPIRE_SECONDS = 5 * 60
/** How often an idle worker asks its queue for work. */
export const DEFAULT_POLLING_SECONDS = 2

export interface QueueDefinition<T = unknown> {
  /** The queue's name in pg-boss (letters, digits, hyphens). */
  name: string
  /** Handles one job; a throw fails this attempt, retried with backoff, then dead-lettered. */
  handler: (data: T) => Promise<unknown>
  retryLimit?: number
  retryDelaySeconds?: number
  expireInSeconds?: number
  pollingIntervalSeconds?: number
  /**
   * After each job, ask for the next at once instead of after the polling interval: for queues
   * that hold many small jobs at a time (one mail each). pg-boss's worker otherwise waits the
   * interval after every job, one job per interval.
   */
  drain?: boolean
}

/** What a scheduled job's handler receives: the schedule's time this run stands for. */
export interface ScheduledRun {
  due: string
}

/**
 * A queue fed by a cron schedule. Every instance keeps the schedule; each due time becomes one
 * job whose id is derived from the queue and that time, so however many instances send it the
 * database keeps one, and one worker runs it.
 */
export interface ScheduledJob extends QueueDefinition<ScheduledRun> {
  /** Five fields (minute first) or six (seconds first); validated by croner at definition. */
  cron: string
}

/**
 * Work on this process's own memory (its unwritten telemetry): it must run in every instance,
 * so it is no queue's job, but it is timed, logged and stopped here like the rest.
 */
export interface InstanceTask {
  name: string
  cron: string
  run: () => Promise<unknown>
  /** Runs once more when the job system stops (a final flush). */
  runAtStop?: boolean
}

export interface ScheduleInfo {
  name: string
  cron: string
  /** `cluster`: one run per due time across instances; `instance`: in every instance. */
  scope: 'cluster' | 'instance'
  description: Record<Language, string>
}

/** The id of the job standing for `queue`'s run due at `due`: the same in every instance. */
export function scheduledJobId(queue: string, due: Date): string {
  const h = createHash('sha256').update(`${queue}\n${due.toISOString()}`).digest('hex')
  // A UUID's layout, version 8 (custom) and the RFC 4122 variant.
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`
}

/**
 * The one job system (DESIGN §13): pg-boss 10 queues on the process's database, with retry
 * limits, exponential backoff and a dead-letter queue each; cron schedules validated by
 * croner and described by cronstrue. Modules define their queues and schedules here before
 * `start`; this file imports none of them. Nothing in the server starts a timer of its own:
 * the schedules' timers are croner's, kept here, and pg-boss polls and maintains its tables.
 */
export class JobSystem {
  private readonly boss: PgBoss
  private readonly queues = new Map<string, QueueDefinition<any>>()
  private readonly scheduled = new Map<string, ScheduledJob>()
  private readonly tasks = new Map<string, InstanceTask>()
  private readonly crons: Cron[] = []
  private readonly workers = new Map<string, string>()
  /** Sends, handler runs and tasks under way: `stop` waits for them. */
  private readonly running = new Set<Promise<unknown>>()
  private state: 'idle' | 'starting' | 'started' | 'stopping' = 'idle'
  private starting: Promise<void> | null = null
  /** Set by `keepStarting`, cleared by `stop`: whether a failed start is tried again. */
  private wanted = false

  constructor(
    private readonly sql: JobSql,
    private readonly log: Logger,
  ) {
    this.boss = new PgBoss({
      // Its SQL is tracked too: a worker's poll in flight at `stop` is waited for.
      db: { executeSql: (text, values) => this.track(this.sql.executeSql(text, values)) },
      // Schedules are croner's (seconds included); pg-boss's own minute-cron is not used.
      schedule: false,
      supervise: true,
      // Completed runs leave the job table after an hour, failed ones after a day (the
      // dashboard's "failed" is what is still there), and the archive is kept two days.
      archiveCompletedAfterSeconds: 60 * 60,
      archiveFailedAfterSeconds: 24 * 60 * 60,
      deleteAfterDays: 2,
    })
    this.boss.on('error', (err: Error) =>
      this.log.error('job system error', { error: err.message }),
    )
  }

  /** Declares a queue and its handler. Before `start`, or after it (the queue is made then). */
  async define<T>(queue: QueueDefinition<T>): Promise<void> {
    if (this.queues.has(queue.name)) throw new Error(`job queue ${queue.name} defined twice`)
    this.queues.set(queue.name, queue)
    if (this.state === 'started') await this.open(queue)
  }

  /** Declares a scheduled queue; the cron expression is refused here when croner cannot run it. */
  async schedule(job: ScheduledJob): Promise<void> {
    validateCron(job.cron)
    this.scheduled.set(job.name, job)
    await this.define(job)
    if (this.state === 'started') this.keepSchedule(job)
  }

  /** Declares a task every instance runs on its schedule (see InstanceTask). */
  everyInstance(task: InstanceTask): void {
    validateCron(task.cron)
    if (this.tasks.has(task.name)) throw new Error(`instance task ${task.name} defined twice`)
    this.tasks.set(task.name, task)
    if (this.state === 'started') this.keepTask(task)
  }

  get started() {
    return this.state === 'started'
  }

  /** Installs or updates pg-boss's tables, makes the queues, starts workers and schedules. */
  start(): Promise<void> {
    if (this.state === 'idle') this.starting = this.startOnce()
    return this.starting ?? Promise.resolve()
  }

  /**
   * Starts, and after a failed start tries again (after 1 s, doubling up to 30 s) until it has
   * started or `stop` is called: how the server starts it. A start fails for a moment when the
   * database is unreachable, or when two instances make pg-boss's queues at once on an empty
   * database: its `create_queue` adds foreign keys to the queue table while the other instance
   * inserts into it, and PostgreSQL ends one of the two as a deadlock. A lost database fails
   * requests, never the process (DESIGN §2).
   */
  async keepStarting(firstDelayMs = 1000): Promise<void> {
    this.wanted = true
    for (let delay = firstDelayMs; this.wanted; delay = Math.min(delay * 2, 30_000)) {
      try {
        await this.start()
        return
      } catch (err) {
        this.log.error('the job system did not start; trying again', {
          error: (err as Error).message,
          inMs: delay,
        })
        await new Promise((resolve) => setTimeout(resolve, delay))
      }
    }
  }

  private async startOnce() {
    this.state = 'starting'
    try {
      await this.boss.start()
      // One read of the queues there are: a start after the first makes or changes none.
      const existing = new Map((await this.boss.getQueues()).map((q) => [q.name, q]))
      for (const queue of this.queues.values()) await this.open(queue, existing)
    } catch (err) {
      // Nothing of a half start keeps running (pg-boss's timers, the workers opened).
      await this.boss.stop({ graceful: false, close: false }).catch(() => {})
      this.workers.clear()
      this.state = 'idle'
      throw err
    }
    this.state = 'started'
    for (const job of this.scheduled.values()) this.keepSchedule(job)
    for (const task of this.tasks.values()) this.keepTask(task)
  }

  /**
   * Stops the schedules, lets the workers finish the job in hand, runs the final tasks
   * (`runAtStop`) and waits for every query it started, so the database can close after it.
   */
  async stop(): Promise<void> {
    this.wanted = false
    // A stop asked for while starting waits for the start (whatever its outcome) first.
    await this.starting?.catch(() => {})
    if (this.state !== 'started') return
    this.state = 'stopping'
    for (const cron of this.crons.splice(0)) cron.stop()
    await this.boss.stop({ graceful: true, wait: true, close: false, timeout: 30_000 })
    for (const task of this.tasks.values()) if (task.runAtStop) this.track(this.runTask(task))
    while (this.running.size > 0) await Promise.allSettled([...this.running])
    this.workers.clear()
    this.starting = null
    this.state = 'idle'
  }

  /** Puts a job on a queue now (or after `startAfterSeconds`); its id, or null when refused. */
  async send(
    queue: string,
    data: object | null = null,
    options: { id?: string; startAfterSeconds?: number } = {},
  ): Promise<string | null> {
    if (this.state !== 'started') throw new Error('the job system is not started')
    const id = await this.track(
      this.boss.send(queue, data ?? {}, {
        id: options.id,
        startAfter: options.startAfterSeconds,
      } as PgBoss.SendOptions),
    )
    // This instance's worker looks at once instead of at its next poll.
    const worker = this.workers.get(queue)
    if (id && worker) this.boss.notifyWorker(worker)
    return id
  }

  /**
   * Puts many jobs on a queue in ONE statement (pg-boss's `insert`). A job whose id is already
   * there is left as it is (`ON CONFLICT DO NOTHING`), so a batch may repeat ids safely.
   */
  async sendMany(queue: string, jobs: { id: string; data: object }[]): Promise<void> {
    if (this.state !== 'started') throw new Error('the job system is not started')
    if (jobs.length === 0) return
    await this.track(this.boss.insert(jobs.map((job) => ({ ...job, name: queue }))))
    const worker = this.workers.get(queue)
    if (worker) this.boss.notifyWorker(worker)
  }

  /**
   * The job of `queue`'s run due at `due`. Every instance calls it for the same due time; the
   * derived id lets the first insert stand and the others do nothing.
   */
  sendScheduled(queue: string, due: Date): Promise<string | null> {
    return this.send(queue, { due: due.toISOString() } satisfies ScheduledRun, {
      id: scheduledJobId(queue, due),
    })
  }

  /** Each queue's waiting, active, failed and dead-lettered jobs (the DevOps dashboard). */
  async figures(): Promise<QueueFigures[]> {
    if (this.state !== 'started') return []
    return this.track(readQueueFigures(this.sql, [...this.queues.keys()]))
  }

  /** The schedules, in words in both languages. */
  schedules(): ScheduleInfo[] {
    const info = (name: string, cron: string, scope: ScheduleInfo['scope']): ScheduleInfo => ({
      name,
      cron,
      scope,
      description: { 'en-US': describeCron(cron, 'en-US'), 'zh-CN': describeCron(cron, 'zh-CN') },
    })
    return [
      ...[...this.scheduled.values()].map((j) => info(j.name, j.cron, 'cluster')),
      ...[...this.tasks.values()].map((t) => info(t.name, t.cron, 'instance')),
    ]
  }

  private async open(queue: QueueDefinition<any>, existing?: Map<string, PgBoss.QueueResult>) {
    existing ??= new Map((await this.boss.getQueues()).map((q) => [q.name, q]))
    const dead = deadLetterQueueOf(queue.name)
    if (!existing.has(dead)) await this.boss.createQueue(dead)
    const options = {
      // Scheduled queues keep one job waiting at most: a slow run does not pile up the next.
      policy: this.scheduled.has(queue.name) ? 'short' : 'standard',
      retryLimit: queue.retryLimit ?? DEFAULT_RETRY_LIMIT,
      retryDelay: queue.retryDelaySeconds ?? DEFAULT_RETRY_DELAY_SECONDS,
      retryBackoff: true,
      expireInSeconds: queue.expireInSeconds ?? DEFAULT_EXPIRE_SECONDS,
      deadLetter: dead,
    } satisfies Omit<PgBoss.Queue, 'name'>
    const current = existing.get(queue.name)
    if (!current) await this.boss.createQueue(queue.name, options as PgBoss.Queue)
    // An existing queue keeps what it was made with; the definition in code wins.
    else if (
      (Object.keys(options) as (keyof typeof options)[]).some((k) => current[k] !== options[k])
    )
      await this.boss.updateQueue(queue.name, options as PgBoss.Queue)
    const worker = await this.boss.work(
      queue.name,
      {
        pollingIntervalSeconds: queue.pollingIntervalSeconds ?? DEFAULT_POLLING_SECONDS,
        batchSize: 1,
      },
      async ([job]) => {
        try {
          await this.track(queue.handler(job.data))
        } finally {
          const self = this.workers.get(queue.name)
          if (queue.drain && self && this.state === 'started') this.boss.notifyWorker(self)
        }
      },
    )
    this.workers.set(queue.name, worker)
  }

  private keepSchedule(job: ScheduledJob) {
    const cron: Cron = new Cron(job.cron, { unref: true }, () => {
      // The due time the schedule stands at, the same in every instance (not this tick's
      // clock reading, which differs between them by a few milliseconds).
      const due = cron.previousRuns(1, new Date())[0] ?? new Date()
      if (this.state !== 'started') return
      this.sendScheduled(job.name, due).catch((err: Error) =>
        this.log.error('scheduled job not sent', { queue: job.name, error: err.message }),
      )
    })
    this.crons.push(cron)
  }

  private keepTask(task: InstanceTask) {
    // `protect`: a run still going when the next is due is not doubled.
    const cron = new Cron(task.cron, { unref: true, protect: true }, async () => {
      await this.track(this.runTask(task))
    })
    this.crons.push(cron)
  }

  private runTask(task: InstanceTask) {
    return task
      .run()
      .catch((err: Error) => this.log.error(`${task.name} failed`, { error: err.message }))
  }

  private track<T>(p: Promise<T>): Promise<T> {
    this.running.add(p)
    const done = () => this.running.delete(p)
    p.then(done, done)
    return p
  }
}
