import AxeBuilder from '@axe-core/playwright'
import { expect, type Locator, type Page } from '@playwright/test'
import { MAILBOX_PORTS, MAIN_PORT } from '../../playwright.config'

export const USERS = {
  admin: { loginName: 'admin', password: 'Admin@123456' },
  company: { loginName: 'company.admin', password: 'Company@123456' },
  merchant: { loginName: 'merchant.user', password: 'Merchant@123456' },
  auditor: { loginName: 'auditor', password: 'Auditor@123456' },
} as const

export type Who = { loginName: string; password: string }

/**
 * Signs in on the login page (in either language) and waits for the dashboard's heading: the
 * shell is up then (its keys are listened to). For the tests whose subject is the sign-in
 * itself, and for accounts that are not a demo role (a password change, a sign-in step).
 */
export async function signInByForm(page: Page, user: Who = USERS.admin): Promise<void> {
  await page.goto('login')
  const password = page.getByLabel(/^(Password|密码)$/)
  await page.getByLabel(/^(Account|账号)$/).fill(user.loginName)
  await password.fill(user.password)
  await password.press('Enter')
  await expect(page).toHaveURL(/\/main\/index$/)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
}

/** The console's user record, as the login screen keeps it in localStorage. */
type SessionRecord = { token: string } & Record<string, unknown>

/** One API session per demo role and worker, reused by every `signIn` of that worker. */
const sessions = new Map<string, SessionRecord>()

async function apiSignIn(user: Who): Promise<SessionRecord> {
  const res = await fetch(`http://127.0.0.1:${MAIN_PORT}/admin/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(user),
  })
  const { data } = (await res.json()) as {
    data: {
      token: string
      stage: string
      idleSeconds: number
      warningSeconds: number
      user: object
    }
  }
  expect(data.stage).toBe('full')
  return {
    ...data.user,
    token: data.token,
    idleSeconds: data.idleSeconds,
    warningSeconds: data.warningSeconds,
    stage: data.stage,
  }
}

/** Still signed in on the server (not signed out by a test, not idle past its limit)? */
async function stillValid(record: SessionRecord): Promise<boolean> {
  const res = await fetch(`http://127.0.0.1:${MAIN_PORT}/admin/profile/query`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${record.token}` },
    body: '{}',
  })
  const body = (await res.json().catch(() => null)) as { code?: number } | null
  return res.ok && body?.code === 0
}

async function sessionFor(user: Who): Promise<SessionRecord> {
  const kept = sessions.get(user.loginName)
  if (kept && (await stillValid(kept))) return kept
  const made = await apiSignIn(user)
  sessions.set(user.loginName, made)
  return made
}

const DEMO_PASSWORDS = new Map<string, string>(
  Object.values(USERS).map((u) => [u.loginName, u.password]),
)

/**
 * Signed in as `user` on the dashboard, its heading shown (the shell is up then). A demo role
 * (USERS) gets the session made for it once through the API in this worker and reused while
 * the server still accepts it (a test that signs out ends it; the next `signIn` makes a new
 * one), handed to the console as the login screen hands it: the user record in localStorage,
 * written before the next page's scripts run. Any other account signs in by the form.
 */
export async function signIn(page: Page, user: Who = USERS.admin): Promise<void> {
  // A demo login with another password (one a test changed) is not the demo role's session.
  if (DEMO_PASSWORDS.get(user.loginName) !== user.password) return signInByForm(page, user)
  const record = await sessionFor(user)
  // Each hand-over writes once per tab: a later reload or a sign-out in the test is kept.
  const id = `${user.loginName}:${Math.random()}`
  await page.addInitScript(
    ({ r, id }) => {
      const done = JSON.parse(sessionStorage.getItem('e2e.handedOver') ?? '[]') as string[]
      if (done.includes(id)) return
      sessionStorage.setItem('e2e.handedOver', JSON.stringify([...done, id]))
      localStorage.setItem('vcc.user', JSON.stringify(r))
      localStorage.setItem('vcc.activity', JSON.stringify(Date.now()))
    },
    { r: record, id },
  )
  await page.goto('main/index')
  await expect(page).toHaveURL(/\/main\/index$/)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
}

/**
 * Opens `path` already signed in as `user`, for tests whose subject comes after the sign-in:
 * a session from the API, handed to the console as the login screen hands it (the user record
 * in localStorage), written before the first page's scripts run, once per tab. One page load,
 * where `signIn` takes the login page, the form and the dashboard before the test's own page.
 */
export async function openSignedIn(page: Page, user: Who, path: string): Promise<void> {
  const record = await apiSignIn(user)
  await page.addInitScript((r) => {
    if (sessionStorage.getItem('e2e.signedIn')) return
    sessionStorage.setItem('e2e.signedIn', '1')
    localStorage.setItem('vcc.user', JSON.stringify(r))
    localStorage.setItem('vcc.activity', JSON.stringify(Date.now()))
  }, record)
  await page.goto(path)
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()
}

export const toast = (page: Page) => page.getByTestId('toast-messages')
export const toastError = (page: Page) => page.getByTestId('toast-errors')

/** Ctrl+K until the command palette shows (the shell may not have bound its keys yet). */
export async function openPalette(page: Page): Promise<Locator> {
  const dialog = page.getByRole('dialog', { name: /Command palette|命令面板/ })
  // One still closing (its animation after Escape or Enter) would pass for open, then vanish.
  await expect(dialog).toHaveCount(0)
  await expect(async () => {
    if (!(await dialog.isVisible())) await page.keyboard.press('Control+k')
    await expect(dialog).toBeVisible({ timeout: 1_000 })
  }).toPass()
  return dialog
}

/**
 * Ctrl+K, the search typed, Enter on the first option — which must be `option` (checked
 * first, so a look-alike entry never runs instead).
 */
export async function palette(page: Page, search: string, option: RegExp): Promise<void> {
  const dialog = await openPalette(page)
  await dialog.getByRole('combobox').fill(search)
  await expect(dialog.getByRole('option').first()).toHaveAccessibleName(option)
  await page.keyboard.press('Enter')
  await expect(dialog).toHaveCount(0)
}

const startingWith = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`)

/**
 * A Radix select by keyboard: focus, Enter opens, move to the option (a string: the first
 * whose label starts with it), Enter picks. Not by typing: Radix's typeahead forgets after a
 * second without a key (a busy machine), and '·' reaches the page as inserted text, not a key.
 */
export async function choose(
  page: Page,
  label: string,
  option: string | RegExp,
  scope: Page | Locator = page,
): Promise<void> {
  const trigger = scope.getByLabel(label, { exact: true })
  await trigger.focus()
  await page.keyboard.press('Enter')
  const listbox = page.getByRole('listbox')
  await expect(listbox).toBeVisible()
  const name = typeof option === 'string' ? startingWith(option) : option
  await listbox.getByRole('option', { name }).first().focus()
  await page.keyboard.press('Enter')
  await expect(listbox).toHaveCount(0)
  await expect(trigger).toContainText(option)
}

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

/**
 * No serious or critical accessibility violation on the page as it is now (only inside
 * `within`, a CSS selector, when given).
 */
export async function expectAccessible(page: Page, within?: string): Promise<void> {
  const axe = new AxeBuilder({ page })
  const results = await (within ? axe.include(within) : axe).analyze()
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
