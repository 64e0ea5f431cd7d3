/**
 * Helpers of the console-shell specs (guards, session, palette, shell): signing in, holding
 * a call in flight, ending a session behind the console's back, reading the shell's text.
 */
import { readFileSync } from 'node:fs'
import AxeBuilder from '@axe-core/playwright'
import { expect, type Page, type Route } from '@playwright/test'
import { USERS } from './fixtures'

const locale = (lang: string, ns: string): unknown =>
  JSON.parse(
    readFileSync(new URL(`../../src/i18n/locales/${lang}/${ns}.json`, import.meta.url), 'utf8'),
  )

export type DemoUser = keyof typeof USERS

/** The API origin of the page's server (the console and /admin share it). */
function origin(page: Page, baseURL?: string): string {
  return new URL(baseURL ?? page.url()).origin
}

/**
 * Signs in through the API and hands the session to the console the way the login screen
 * does (the user record in localStorage), for tests about what comes after sign-in.
 */
export async function signInViaApi(
  page: Page,
  who: DemoUser,
  baseURL: string,
  landing = 'main/index',
): Promise<string> {
  const res = await page.request.post(`${origin(page, baseURL)}/admin/login`, { data: USERS[who] })
  const { data } = (await res.json()) as { data: Record<string, any> }
  expect(data.stage).toBe('full')
  await page.goto(new URL('error-404', baseURL).href)
  await page.evaluate((d) => {
    localStorage.setItem(
      'vcc.user',
      JSON.stringify({
        ...d.user,
        token: d.token,
        idleSeconds: d.idleSeconds,
        warningSeconds: d.warningSeconds,
        stage: d.stage,
      }),
    )
    localStorage.setItem('vcc.activity', JSON.stringify(Date.now()))
  }, data)
  await page.goto(new URL(landing, baseURL).href)
  // The shell is there (on a narrow screen the menu itself is a closed drawer).
  await expect(page.getByTestId('menu-toggle')).toBeVisible()
  return data.token as string
}

/** Signs in on the real login page (which the guard sent us to). */
export async function signInViaForm(page: Page, who: DemoUser): Promise<void> {
  await page.getByLabel(/^(Account|账号|账户)/).fill(USERS[who].loginName)
  await page.getByLabel(/^(Password|密码)/).fill(USERS[who].password)
  await page.getByRole('button', { name: /^(Log in|登录)$/ }).click()
}

/** Ends the page's session on the server, as an expiry or an admin would. */
export async function revokeSession(page: Page): Promise<void> {
  const token = await page.evaluate(
    () => (JSON.parse(localStorage.getItem('vcc.user') ?? 'null') as { token?: string })?.token,
  )
  expect(token, 'signed in').toBeTruthy()
  await page.request.post(`${origin(page)}/admin/logout`, {
    headers: { Authorization: `Bearer ${token}` },
    data: {},
  })
}

/** A call of the console held in flight until the test lets it through or fails it. */
export interface Held {
  /** Resolves once the console has made the call. */
  arrived: Promise<void>
  release: () => Promise<void>
  fail: () => Promise<void>
}

export async function hold(page: Page, path: string): Promise<Held> {
  // Every call made while held waits (a screen may ask twice); all are answered together.
  const routes: Route[] = []
  let arrive!: () => void
  const arrived = new Promise<void>((r) => (arrive = r))
  const pattern = `**/admin${path}`
  await page.route(pattern, (r) => {
    routes.push(r)
    arrive()
  })
  const done = async (how: (r: Route) => Promise<void>) => {
    await arrived
    // Answer before unrouting: unrouting lets a pending call through on its own.
    // A call the console gave up on meanwhile (a navigation moved on) is already over.
    await Promise.all(routes.map((r) => how(r).catch(() => undefined)))
    await page.unroute(pattern)
  }
  return {
    arrived,
    release: () => done((r) => r.continue()),
    fail: () => done((r) => r.abort('failed')),
  }
}

/** Every call to `path` answered with this status and envelope code, until unrouted. */
export async function answer(
  page: Page,
  path: string,
  status: number,
  code: number,
  data: unknown = null,
) {
  await page.route(`**/admin${path}`, (r) =>
    r.fulfill({
      status,
      contentType: 'application/json',
      body: JSON.stringify({ code, msg: 'refused by the test', data }),
    }),
  )
}

function leaves(tree: unknown): string[] {
  if (typeof tree === 'string') return [tree]
  if (tree && typeof tree === 'object') return Object.values(tree).flatMap(leaves)
  return []
}

/**
 * The English UI text the shell can show (its own namespace and the menu names), minus what
 * is spelled the same in Chinese, without {{placeholders}}: none of it may be on screen in zh-CN.
 */
export function englishShellTexts(): string[] {
  const zh = new Set([...leaves(locale('zh-CN', 'shell')), ...leaves(locale('zh-CN', 'menu'))])
  return [...new Set([...leaves(locale('en-US', 'shell')), ...leaves(locale('en-US', 'menu'))])]
    .filter((s) => !zh.has(s))
    .flatMap((s) => s.split(/\{\{[^}]+\}\}/))
    .map((s) => s.trim())
    .filter((s) => s.length >= 3)
}

/** Visible text and accessible labels inside the given regions of the page. */
export async function textOf(page: Page, selectors: string[]): Promise<string> {
  return page.evaluate((sels) => {
    const parts: string[] = []
    for (const sel of sels) {
      for (const el of Array.from(document.querySelectorAll<HTMLElement>(sel))) {
        parts.push(el.innerText)
        for (const labelled of Array.from(el.querySelectorAll('[aria-label],[title]'))) {
          parts.push(
            labelled.getAttribute('aria-label') ?? '',
            labelled.getAttribute('title') ?? '',
          )
        }
      }
    }
    return parts.join('\n')
  }, selectors)
}

/**
 * No serious or critical accessibility violation in what the shell draws: everything but the
 * screen inside it (each screen's own spec checks the screen).
 */
export async function expectShellAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).exclude('.vcc-page').analyze()
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  expect(
    bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
  ).toEqual([])
}

/** A page link of the side menu's main tree (pinned and recent repeat some of them). */
export function menuLink(page: Page, name: string) {
  return page
    .getByRole('navigation', { name: /^(Main menu|主菜单)$/ })
    .getByRole('region', { name: /^(Menu|菜单)$/ })
    .getByRole('link', { name, exact: true })
}

/** Where the page is, below the base path: '/main/index?x=1'. */
export function pathOf(page: Page, base = '/vcc'): string {
  const u = new URL(page.url())
  return `${u.pathname.replace(base, '')}${u.search}`
}
