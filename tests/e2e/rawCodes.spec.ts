import { expect, test, type Browser, type Page, type Request } from '@playwright/test'
import { SCREENS } from '../../src/lib/screens'
import { apiCall, apiToken } from './api'
import { openSignedIn, USERS } from './fixtures'

/**
 * No raw code on screen (issue 18): the demo administrator walks every screen of the registry
 * and the detail pages the demo data has (a card, an account request, a group, a transaction)
 * in both languages, and no visible text may look like a code — camelCase, snake_case, dotted
 * `a.b.c` — nor, in zh-CN, an English status or type word. One browser context per language;
 * each page is read once its requests have settled: none in flight (counted, not the half
 * second of quiet `networkidle` waits for on each of the ~115 pages), and no list busy.
 */
type Lang = 'en-US' | 'zh-CN'

const CAMEL = /\b[a-z]+[A-Z][a-zA-Z]+\b/g
const SNAKE = /\b[a-z]+_[a-z_]+\b/g
const DOTTED = /\b[a-z]+\.[a-z]+\.[a-z]+\b/g
/** Enum words of the product's codes that zh-CN must never show in English. */
const ENGLISH_ENUM_WORDS =
  /\b(active|blocked|cancelled|pending|success|rejected|approved|frozen|expired|deposit|withdrawal|adjustment|transfer|purchase|refund|prepaid|shared|creating|failed)\b/gi

/**
 * Legitimate text that matches a code pattern: addresses, login names and URLs, and the columns
 * whose content is a code by design (dictionary and parameter keys, which administrators type
 * and look up by).
 */
const ALLOWED = [
  /[\w.+-]+@[\w-]+(\.[\w-]+)+/g, // e-mail addresses
  /https?:\/\/\S+/g, // URLs
  /\b(GET|POST|PUT|PATCH|DELETE) \/\S*/g, // API routes on the devops dashboard
  /\/main\/[\w-]+/g, // console paths: the url of each menu entry on the module screens
  /\b(company\.admin|merchant\.user|first\.login|code\.user|reset\.user|settings\.user)\b/g,
  // Names people typed in the demo data (a card's alias, a rule's name), shown as typed.
  /Rejected request|Standard shared rule/g,
  // The e-mail templates' variables, written by administrators in LiquidJS: {{ invoiceNo }}.
  /\{\{[^}]*\}\}/g,
]
/**
 * Screens whose data are codes by design: the dictionaries' codes and types and the parameters'
 * names, which administrators type and look up by, beside the names, remarks and descriptions
 * administrators wrote for them (free text, kept as written). There, exactly those values are
 * allowed.
 */
const CODE_DATA_SCREENS = new Set([
  'dict-management',
  'dict-management-save',
  'dict-dt-management',
  'dict-dt-management-save',
  'parameter-management',
  'parameter-management-save',
])

/**
 * Screens that show mail as written: an English template's name, subject and text, or an
 * English mail's record, are the mail's own words in a Chinese console too.
 */
/**
 * The module and button screens show each entry's route name, button code and the routes it
 * opens (spec §3 menuRouterList): identifiers an operator edits. Only there are they allowed.
 */
const IDENTIFIER_SCREENS = new Set(['module-management', 'button-management'])
const IDENTIFIERS = [
  /\b[a-z][a-z0-9]*(?:-[a-z0-9]+)*:[a-z][a-z-]*\b/g,
  /\b[a-z][a-z0-9]*(?:-[a-z0-9]+)+\b/g,
]

const MAIL_TEXT_SCREENS = new Set([
  'email-template',
  'email-template-save',
  'email-template-view',
  'send-record',
  'send-record-view',
])

async function dataCodes(request: Parameters<typeof apiToken>[0]): Promise<string[]> {
  const token = await apiToken(request)
  const body = { pageNum: 1, pageSize: 200 }
  const dicts = await apiCall<{
    list: { code: string; type: string; name: string; remark: string }[]
  }>(request, token, '/dict/list', body)
  const params = await apiCall<{ list: { name: string; value: string; description: string }[] }>(
    request,
    token,
    '/parameter/list',
    body,
  )
  return [
    ...dicts.list.flatMap((d) => [d.code, d.type, d.name, d.remark]),
    ...params.list.flatMap((p) => [p.name, p.value, p.description]),
  ].filter(Boolean)
}

/** Each code found, with a little of the text around it (to find where it is shown). */
function rawCodes(text: string, lang: Lang, mailText = false, identifiers = false): string[] {
  let rest = text.replace(/\s+/g, ' ')
  for (const allowed of [...ALLOWED, ...(identifiers ? IDENTIFIERS : [])])
    rest = rest.replace(allowed, ' ')
  const english = lang === 'zh-CN' && !mailText
  const patterns = [CAMEL, SNAKE, DOTTED, ...(english ? [ENGLISH_ENUM_WORDS] : [])]
  const found = patterns.flatMap((p) =>
    [...rest.matchAll(p)].map(
      (m) => `${m[0]} («${rest.slice(Math.max(0, m.index - 25), m.index + m[0].length + 25)}»)`,
    ),
  )
  return [...new Set(found)]
}

/** How many of the page's requests are in flight (started, neither finished nor failed). */
function inFlight(page: Page): () => number {
  const open = new Set<Request>()
  page.on('request', (r) => open.add(r))
  page.on('requestfinished', (r) => open.delete(r))
  page.on('requestfailed', (r) => open.delete(r))
  return () => open.size
}

/** Until no request is in flight, and the page has rendered what the last ones answered. */
async function settled(page: Page, inflight: () => number): Promise<void> {
  await expect.poll(inflight, { intervals: [50] }).toBe(0)
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r))))
  await expect.poll(inflight, { intervals: [50] }).toBe(0)
}

async function signedIn(browser: Browser, lang: Lang): Promise<Page> {
  const { baseURL } = test.info().project.use
  const context = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 } })
  await context.addInitScript((l) => localStorage.setItem('vcc.language', JSON.stringify(l)), lang)
  const page = await context.newPage()
  // Signed in through the API (the sign-in is not this test's subject): no sign-in screen sets
  // the profile's language over this browser's, so the first page is in `lang` already.
  await openSignedIn(page, USERS.admin, 'main/index')
  await expect(page.locator('html')).toHaveAttribute('lang', lang)
  return page
}

interface Visit {
  name: string
  path: string
  /** Labels of codes the demo data puts on this page: the walk must see them (per language). */
  shows?: Record<Lang, string[]>
}

/** The detail pages of the demo data, found through the API the console uses. */
async function detailVisits(request: Parameters<typeof apiToken>[0]): Promise<Visit[]> {
  const token = await apiToken(request)
  // Oldest first: the demo data's rows, not what the specs before this one added.
  const first = async (api: string, filters: Record<string, unknown> = {}) => {
    const page = await apiCall<{ list: { id: number }[] }>(request, token, `${api}/list`, {
      filters,
      sort: { field: 'createdAt', order: 'asc' },
      pageNum: 1,
      pageSize: 10,
    })
    expect(page.list, `demo data has a row of ${api}`).not.toHaveLength(0)
    return page.list[0]!.id
  }
  const requestOf = async () => {
    const page = await apiCall<{ list: { requestId: number | null }[] }>(
      request,
      token,
      '/accounts/transactions/list',
      { filters: { status: 'pending' }, pageNum: 1, pageSize: 10 },
    )
    expect(page.list[0]?.requestId, 'demo data has a pending account request').toBeTruthy()
    return page.list[0]!.requestId!
  }
  // Cards whose histories carry reason codes: a frozen one and a cancelled one.
  const card = await first('/card', { status: 'blocked' })
  const cancelled = await first('/card', { status: 'cancelled' })
  return [
    {
      name: 'card',
      path: `main/cards-balance-view-card-detail?id=${card}`,
      shows: { 'en-US': ['Risk review'], 'zh-CN': ['风险审查'] },
    },
    {
      name: 'cancelled card',
      path: `main/cards-balance-view-card-detail?id=${cancelled}`,
      shows: { 'en-US': ['No longer needed'], 'zh-CN': ['不再需要'] },
    },
    {
      name: 'fx transfers',
      path: 'main/accounts-transactions?type=fx_transfer',
      shows: {
        'en-US': ['FX transfer', 'Transfer between currencies'],
        'zh-CN': ['换汇转账', '币种间转账'],
      },
    },
    {
      name: 'group deposit',
      path: 'main/accounts-transactions?type=group_deposit',
      shows: {
        'en-US': ['Shared card group deposit', 'Deposit into shared card group Travel desk'],
        'zh-CN': ['共享卡组存入', '存入共享卡组 Travel desk'],
      },
    },
    { name: 'card transactions', path: `main/cards-transactions?card=${card}` },
    { name: 'account request', path: `main/accounts-transactions-review?id=${await requestOf()}` },
    { name: 'group', path: `main/cards-share-cards?id=${await first('/card-group')}` },
    {
      name: 'bank account',
      path: `main/accounts-balance-view?id=${await first('/accounts/bank')}`,
    },
    {
      name: 'cardholder',
      path: `main/coremanagement-cardholder-view?id=${await first('/cardholder')}`,
    },
  ]
}

const registryVisits: Visit[] = SCREENS.filter((s) => s.url).map((s) => ({
  name: s.name,
  path: s.url.replace(/^\//, ''),
}))

test('no raw code on any screen, in en-US and zh-CN', async ({ browser, request }) => {
  test.setTimeout(240_000)
  const visits = [...registryVisits, ...(await detailVisits(request))]
  // Longest first, so `a.b.c` goes before its `a.b`.
  const codesAsData = (await dataCodes(request)).sort((a, b) => b.length - a.length)
  const problems: string[] = []
  for (const lang of ['en-US', 'zh-CN'] as const) {
    const page = await signedIn(browser, lang)
    const inflight = inFlight(page)
    for (const visit of visits) {
      await page.goto(visit.path)
      await expect(page.locator('#main-content')).toBeVisible()
      await settled(page, inflight)
      // Lists are read once their rows (or their empty state) are there.
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0)
      let text = await page.locator('#main-content').innerText()
      if (CODE_DATA_SCREENS.has(visit.name))
        for (const code of codesAsData) text = text.split(code).join(' ')
      for (const label of visit.shows?.[lang] ?? []) {
        if (!text.includes(label)) problems.push(`${lang} ${visit.name}: does not show «${label}»`)
      }
      const codes = rawCodes(
        text,
        lang,
        MAIL_TEXT_SCREENS.has(visit.name),
        IDENTIFIER_SCREENS.has(visit.name),
      )
      if (codes.length) problems.push(`${lang} ${visit.name}: ${codes.join(', ')}`)
    }
    await page.context().close()
  }
  expect(problems, problems.join('\n')).toEqual([])
})
