import type { Deps } from '../../deps'
import type { ScheduledJob } from '../../jobs/system'
import { recheckAllDns } from './service'

/** Every hour, at minute 17 (away from the hour's crowd of other schedules). */
export const DNS_CHECK_CRON = '17 * * * *'

/** Re-checks every active sender account's DNS records (DESIGN §13), once per due time. */
export function dnsCheckJob(deps: Pick<Deps, 'db' | 'clock' | 'dns' | 'log'>): ScheduledJob {
  return {
    name: 'email-account-dns-check',
    cron: DNS_CHECK_CRON,
    async handler() {
      const n = await recheckAllDns(deps)
      if (n > 0) deps.log.info('sender account DNS records checked', { accounts: n })
    },
  }
}
