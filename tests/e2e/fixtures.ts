import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'
import { MAILBOX_PORTS } from '../../playwright.config'

export const USERS = {
  admin: { loginName: 'admin', password: 'Admin@123456' },
  company: { loginName: 'company.admin', password: 'Company@123456' },
  merchant: { loginName: 'merchant.user', password: 'Merchant@123456' },
  auditor: { loginName: 'auditor', password: 'Auditor@123456' },
} as const

/** Every message the e2e server's SMTP received for `to`, oldest first (raw RFC 822). */
export async function mailbox(
  to: string,
  server: keyof typeof MAILBOX_PORTS = 'main',
): Promise<string[]> {
  const res = await fetch(
    `http://127.0.0.1:${MAILBOX_PORTS[server]}/mail?to=${encodeURIComponent(to)}`,
  )
  return (await res.json()) as string[]
}

/** Waits until a new message for `to` arrives after `before` messages, and returns it. */
export async function nextMail(
  to: string,
  before: number,
  server: keyof typeof MAILBOX_PORTS = 'main',
): Promise<string> {
  let mails: string[] = []
  await expect
    .poll(async () => {
      mails = await mailbox(to, server)
      return mails.length
    })
    .toBeGreaterThan(before)
  return mails[mails.length - 1]
}

/** No serious or critical accessibility violation on the page as it is now. */
export async function expectAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze()
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  expect(
    bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
  ).toEqual([])
}

export interface AuditRow {
  loginName: string | null
  action: string
  target: string
  detail: Record<string, unknown>
  at: string
}

/** The main e2e server's audit rows with `action` (and `target`), oldest first. */
export async function auditRows(action: string, target?: string): Promise<AuditRow[]> {
  const q = new URLSearchParams({ action, ...(target ? { target } : {}) })
  const res = await fetch(`http://127.0.0.1:${MAILBOX_PORTS.main}/audit?${q}`)
  return (await res.json()) as AuditRow[]
}
