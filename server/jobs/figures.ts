import type { JobSql } from './database'

/** Where a queue's jobs go once their retries are spent: a queue of its own, never worked. */
export const deadLetterQueueOf = (queue: string) => `${queue}-dead`

/** One queue as the DevOps dashboard shows it. */
export interface QueueFigures {
  queue: string
  /** Jobs not yet taken: new, or failed once and waiting for their retry. */
  waiting: number
  active: number
  /** Jobs that failed for good and are still in the job table (archived after a day). */
  failed: number
  /** Jobs whose retries were spent, waiting in the queue's dead-letter queue. */
  deadLettered: number
  /** How long the oldest waiting job has waited, in whole seconds; null when none waits. */
  oldestWaitingSeconds: number | null
}

interface Row {
  name: string
  waiting: number
  active: number
  failed: number
  oldest: number | null
}

/**
 * Counts by state from pg-boss's own tables (schema `pgboss`), one query for every queue; the
 * waiting time is measured by the database's clock, the one pg-boss stamps jobs with.
 */
export async function readQueueFigures(sql: JobSql, queues: string[]): Promise<QueueFigures[]> {
  const { rows } = (await sql.executeSql(`
    select q.name,
      (count(j.id) filter (where j.state in ('created', 'retry')))::int as waiting,
      (count(j.id) filter (where j.state = 'active'))::int as active,
      (count(j.id) filter (where j.state = 'failed'))::int as failed,
      floor(extract(epoch from now() - min(j.created_on)
        filter (where j.state in ('created', 'retry'))))::int as oldest
    from pgboss.queue q left join pgboss.job j on j.name = q.name
    group by q.name
  `)) as { rows: Row[] }
  const byName = new Map(rows.map((r) => [r.name, r]))
  return queues.map((queue) => {
    const row = byName.get(queue)
    const dead = byName.get(deadLetterQueueOf(queue))
    return {
      queue,
      waiting: Number(row?.waiting ?? 0),
      active: Number(row?.active ?? 0),
      failed: Number(row?.failed ?? 0),
      deadLettered: Number(dead?.waiting ?? 0),
      oldestWaitingSeconds: row?.oldest == null ? null : Math.max(0, Number(row.oldest)),
    }
  })
}
