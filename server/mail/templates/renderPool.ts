import { Worker } from 'node:worker_threads'
import type { TemplateField } from './engine'

/**
 * Templates render off the request path (issue 26): in worker threads, each render with a hard
 * time limit (the worker is terminated) and a memory limit (V8's `resourceLimits`), so a
 * template that loops or swells cannot hold the server's event loop. LiquidJS' own limits still
 * apply inside (they stop most templates with a line to point at); these are the floor under
 * them. Workers are reused between renders and replaced after one is stopped.
 */

export interface RenderPoolLimits {
  /** Renders at once; more wait their turn. */
  size: number
  /** Wall time of one render in its worker; past it the worker is terminated. */
  timeoutMs: number
  /** The worker's heap (`resourceLimits.maxOldGenerationSizeMb`). */
  heapMb: number
  /** LiquidJS' limits, passed to the worker's engines. */
  liquid: { parseLimit?: number; renderLimit?: number; memoryLimit?: number }
}

export interface RenderJob {
  title: string
  content: string
  variables: Record<string, unknown>
}

export interface WorkerRendered {
  subject: string
  html: string
}

/** Why a render stopped, as the worker (or the pool, for a stopped worker) says. */
export interface RenderFailure {
  field: TemplateField
  line: number
  reason: string
  kind: 'limit' | 'failed'
}

export class RenderFailed extends Error {
  constructor(readonly failure: RenderFailure) {
    super(`${failure.field} line ${failure.line}: ${failure.reason}`)
  }
}

interface Pending {
  job: RenderJob
  resolve: (r: WorkerRendered) => void
  reject: (e: Error) => void
}

type WorkerMessage =
  | { id: number; field: TemplateField }
  | { id: number; done: WorkerRendered }
  | { id: number; failure: RenderFailure }

const WORKER_URL = new URL('./renderWorker.mjs', import.meta.url)

/** One worker and the render it runs. */
class Slot {
  private worker: Worker | null = null
  private running: {
    id: number
    field: TemplateField
    pending: Pending
    /** Set when the worker starts the render: a worker's own start-up is not the template's. */
    timer: NodeJS.Timeout | null
  } | null = null
  private nextId = 1

  constructor(
    private readonly limits: RenderPoolLimits,
    private readonly freed: () => void,
  ) {}

  get busy() {
    return this.running !== null
  }

  run(pending: Pending) {
    const worker = this.worker ?? this.spawn()
    const id = this.nextId++
    this.running = { id, field: 'title', pending, timer: null }
    worker.postMessage({ id, ...pending.job })
  }

  private spawn(): Worker {
    const worker = new Worker(WORKER_URL, {
      workerData: { liquid: this.limits.liquid },
      resourceLimits: {
        maxOldGenerationSizeMb: this.limits.heapMb,
        maxYoungGenerationSizeMb: Math.max(4, Math.round(this.limits.heapMb / 4)),
      },
      // Not the parent's loader flags: the worker is plain JavaScript.
      execArgv: [],
    })
    // An idle worker does not keep the process alive.
    worker.unref()
    worker.on('message', (m: WorkerMessage) => this.onMessage(worker, m))
    worker.on('error', (err: Error & { code?: string }) => {
      if (this.worker !== worker) return
      this.worker = null
      this.finish(
        err.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? {
              kind: 'limit',
              reason: 'the render used more memory than allowed (memory limit exceeded)',
            }
          : { kind: 'failed', reason: err.message },
      )
    })
    worker.on('exit', () => {
      if (this.worker !== worker) return
      this.worker = null
      this.finish({ kind: 'failed', reason: 'the render worker stopped' })
    })
    this.worker = worker
    return worker
  }

  private onMessage(worker: Worker, m: WorkerMessage) {
    const running = this.running
    if (worker !== this.worker || !running || m.id !== running.id) return
    if ('field' in m) {
      running.field = m.field
      running.timer ??= setTimeout(
        () =>
          this.stop(
            `the render took longer than ${this.limits.timeoutMs} ms (time limit exceeded)`,
          ),
        this.limits.timeoutMs,
      )
      return
    }
    if (running.timer) clearTimeout(running.timer)
    this.running = null
    if ('done' in m) running.pending.resolve(m.done)
    else running.pending.reject(new RenderFailed(m.failure))
    this.freed()
  }

  /** Terminates the worker running past its limit; the next render gets a new one. */
  private stop(reason: string) {
    const worker = this.worker
    this.worker = null
    void worker?.terminate()
    this.finish({ kind: 'limit', reason })
  }

  private finish({ kind, reason }: { kind: RenderFailure['kind']; reason: string }) {
    const running = this.running
    if (!running) return
    if (running.timer) clearTimeout(running.timer)
    this.running = null
    running.pending.reject(new RenderFailed({ field: running.field, line: 1, reason, kind }))
    this.freed()
  }

  close() {
    const worker = this.worker
    this.worker = null
    return worker?.terminate()
  }
}

export class RenderPool {
  private readonly slots: Slot[]
  private readonly waiting: Pending[] = []

  constructor(readonly limits: RenderPoolLimits) {
    this.slots = Array.from({ length: limits.size }, () => new Slot(limits, () => this.next()))
  }

  /** Renders the subject and the HTML of `job` in a worker; rejects with RenderFailed. */
  render(job: RenderJob): Promise<WorkerRendered> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ job, resolve, reject })
      this.next()
    })
  }

  private next() {
    for (const slot of this.slots) {
      if (this.waiting.length === 0) return
      if (!slot.busy) slot.run(this.waiting.shift()!)
    }
  }

  async close() {
    await Promise.all(this.slots.map((s) => s.close()))
  }
}
