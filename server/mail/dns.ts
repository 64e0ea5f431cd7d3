import { promises as dns } from 'node:dns'
import type { DnsRecordCheck } from '../db/schema'

/** The record types a sender domain needs: SPF, DKIM and DMARC are TXT (DKIM may be a CNAME). */
export const DNS_RECORD_TYPES = ['TXT', 'CNAME', 'MX'] as const
export type DnsRecordType = (typeof DNS_RECORD_TYPES)[number]

/**
 * Where the check reads DNS: `node:dns` in production, a fake zone in tests and the e2e server.
 * Each answers the values published at `name` for `type` (TXT chunks joined), [] when there is
 * no such record or no such name.
 */
export interface DnsResolver {
  resolve(name: string, type: DnsRecordType): Promise<string[]>
}

const NOT_THERE = new Set(['ENODATA', 'ENOTFOUND', 'NXDOMAIN', 'ESERVFAIL', 'ENOTIMP', 'EREFUSED'])

/** The system resolver. A missing name or record is an empty answer, not an error. */
export const nodeDnsResolver: DnsResolver = {
  async resolve(name, type) {
    try {
      if (type === 'TXT') return (await dns.resolveTxt(name)).map((chunks) => chunks.join(''))
      if (type === 'CNAME') return await dns.resolveCname(name)
      return (await dns.resolveMx(name)).map((mx) => mx.exchange)
    } catch (err) {
      if (NOT_THERE.has((err as { code?: string }).code ?? '')) return []
      throw err
    }
  },
}

/** A fixed zone: `{ 'example.com': { TXT: ['v=spf1 …'] } }`. */
export type FakeZone = Record<string, Partial<Record<DnsRecordType, string[]>>>

export function fakeDnsResolver(zone: FakeZone): DnsResolver {
  return {
    resolve: async (name, type) => zone[name.toLowerCase().replace(/\.$/, '')]?.[type] ?? [],
  }
}

/** Host names compare without case or a trailing dot; TXT values with whitespace runs as one. */
function normalise(type: DnsRecordType, value: string): string {
  if (type === 'TXT') return value.trim().replace(/\s+/g, ' ')
  return value.trim().toLowerCase().replace(/\.$/, '')
}

/**
 * Resolves each record and says whether what is published matches what the domain needs:
 * verified when one observed value equals the expected one. A lookup that fails (timeout,
 * resolver down) is recorded as not verified with no observed values, never thrown.
 */
export async function checkDnsRecords(
  resolver: DnsResolver,
  records: DnsRecordCheck[],
  now: Date,
): Promise<DnsRecordCheck[]> {
  return Promise.all(
    records.map(async (record) => {
      let observed: string[] | null
      try {
        observed = await resolver.resolve(record.name, record.type)
      } catch {
        observed = null
      }
      const want = normalise(record.type, record.value)
      return {
        name: record.name,
        type: record.type,
        value: record.value,
        observed,
        verified: !!observed?.some((v) => normalise(record.type, v) === want),
        checkedAt: now.toISOString(),
      }
    }),
  )
}
