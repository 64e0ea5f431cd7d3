import { expect, test, type Page } from '@playwright/test'
import { USERS } from './fixtures'

/**
 * Issue 11: /login comes prerendered (src/lib/prerenderedPage.ts) and the console takes the
 * page over (hydration) without drawing it again. What each case must look like is stated here
 * from the outside: the HTML the server sends, the page the user sees, the errors the browser
 * reports.
 */

/** Errors the page reports; React reports a failed hydration as one (#418 and the like). */
function watchErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text())
  })
  return errors
}

/**
 * Holds the console's files back (scripts, and the stylesheet when asked) until the test lets
 * them go, so the prerendered page stays the browser's own for as long as the test needs.
 */
async function holdAssets(page: Page, { stylesheet = false } = {}) {
  let releaseScripts!: () => void
  let releaseStylesheet!: () => void
  const scripts = new Promise<void>((resolve) => (releaseScripts = resolve))
  const sheet = new Promise<void>((resolve) => (releaseStylesheet = resolve))
  await page.route('**/assets/*', async (route) => {
    const url = route.request().url()
    if (url.endsWith('.js')) await scripts
    else if (stylesheet && url.endsWith('.css')) await sheet
    await route.continue()
  })
  return { releaseScripts, releaseStylesheet }
}

const taken = (page: Page) =>
  expect(page.locator('#root[data-live]')).toHaveCount(1, { timeout: 15_000 })

test('the HTML of /login is the sign-in page, in the language of the cookie', async ({
  request,
}) => {
  const en = await (await request.get('login')).text()
  expect(en).toMatch(/<html lang="en-US">/)
  expect(en).toMatch(/<h1[^>]*>Login<\/h1>/)
  expect(en).toContain('<title>Login - VCC Management Platform</title>')
  const zh = await (await request.get('login', { headers: { Cookie: 'vcc-lang=zh-CN' } })).text()
  expect(zh).toMatch(/<h1[^>]*>登录<\/h1>/)
  // Other pages are the console's own.
  expect(await (await request.get('forgotpassword')).text()).not.toContain('<h1')
})

for (const scheme of ['light', 'dark'] as const) {
  test(`the console takes the page over in the ${scheme} theme without an error`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ colorScheme: scheme })
    const page = await context.newPage()
    const errors = watchErrors(page)
    await page.goto('login')
    await taken(page)
    const theme = page.locator('#root > .radix-themes')
    await expect(theme).toHaveClass(new RegExp(`\\b${scheme}\\b`))
    const other = scheme === 'dark' ? 'light' : 'dark'
    // The toggle names the other theme, and works: the page is the console's now.
    await page.getByRole('button', { name: `Switch to ${other} theme` }).click()
    await expect(theme).toHaveClass(new RegExp(`\\b${other}\\b`))
    expect(errors).toEqual([])
    await context.close()
  })
}

test('a browser whose stored language differs from the cookie gets its own language', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext()
  await context.addCookies([{ name: 'vcc-lang', value: 'en-US', url: baseURL! }])
  await context.addInitScript(() => localStorage.setItem('vcc.language', '"zh-CN"'))
  const page = await context.newPage()
  const errors = watchErrors(page)
  await page.goto('login')
  await expect(page.getByRole('heading', { level: 1, name: '登录' })).toBeVisible()
  await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toHaveCount(0)
  expect(errors).toEqual([])
  await context.close()
})

test('typed and sent before the console is ready: signed in once it is, the password never in the address', async ({
  page,
}) => {
  const addresses: string[] = []
  page.on('framenavigated', (frame) => addresses.push(frame.url()))
  // The stylesheet late too: the fields must not be there to fill before the page holds forms.
  const assets = await holdAssets(page, { stylesheet: true })
  const documentIn = page.waitForEvent('requestfinished', (r) => r.resourceType() === 'document')
  await page.goto('login', { waitUntil: 'commit' })
  const password = page.getByLabel('Password')
  // Typed as soon as the fields are there, while the page has all its markup but no stylesheet.
  const typed = (async () => {
    await page.getByLabel('Account').fill(USERS.admin.loginName)
    await password.fill(USERS.admin.password)
    await password.press('Enter')
  })()
  await documentIn
  assets.releaseStylesheet()
  await typed
  // Still the browser's page: the submission is held, not sent as a form.
  await expect(page.locator('#root[data-live]')).toHaveCount(0)
  assets.releaseScripts()
  await expect(page).toHaveURL(/\/main\/index$/, { timeout: 20_000 })
  expect(addresses.filter((a) => a.includes('Admin%40') || a.includes('password='))).toEqual([])
})

test('typed before the console is ready, sent after: the typed account is kept', async ({
  page,
}) => {
  const assets = await holdAssets(page)
  await page.goto('login', { waitUntil: 'commit' })
  await page.getByLabel('Account').fill(USERS.merchant.loginName)
  assets.releaseScripts()
  await taken(page)
  await expect(page.getByLabel('Account')).toHaveValue(USERS.merchant.loginName)
  const password = page.getByLabel('Password')
  await password.fill(USERS.merchant.password)
  await password.press('Enter')
  await expect(page).toHaveURL(/\/main\/index$/)
})
