import { sandboxDeliveryJob } from './channels/sandbox/delivery'
import type { Deps } from './deps'
import type { JobSystem } from './jobs/system'
import { holdExpiryJob } from './ledger/holdExpiry'
import { defineMailJobs } from './mail/jobs'
import { dnsCheckJob } from './modules/email-accounts/dnsJob'
import { creationResendJob } from './modules/cards/resend'
import { heartbeatTask } from './modules/system/heartbeat'
import { telemetryFlushTask, telemetryPruneJob } from './telemetry/job'

/**
 * The platform's periodic work, handed to the job system (server/jobs, which imports no
 * module: the modules' jobs are put together here, beside server/main.ts).
 */
export async function definePeriodicJobs(jobs: JobSystem, deps: Deps) {
  // Holds whose time is up are released.
  await jobs.schedule(holdExpiryJob(deps))
  // Cards whose creation request the channel never acknowledged (the process stopped first).
  await jobs.schedule(creationResendJob(deps))
  // The sandbox issuer's creation results, delivered over the webhook when due.
  await jobs.schedule(sandboxDeliveryJob(deps))
  // Operating records (channel calls, webhook and route outcomes) written and pruned.
  jobs.everyInstance(telemetryFlushTask(deps))
  await jobs.schedule(telemetryPruneJob(deps))
  // The mail outbox: one delivery job per send record, and the sweep that finds them.
  await defineMailJobs(jobs, deps)
  // Each instance says it runs (opt-information lists the live ones).
  if (deps.instance) jobs.everyInstance(heartbeatTask(deps, deps.instance))
  // Sender accounts' SPF, DKIM and DMARC records looked up again.
  await jobs.schedule(dnsCheckJob(deps))
}
