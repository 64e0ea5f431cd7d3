import { mkdirSync } from 'node:fs'
import { expect, test, type Browser, type Page } from '@playwright/test'
import { choose, mailbox, nextMail, signIn, toast, USERS } from './fixtures'
import { linkIn } from './mail'

/**
 * Issue 20, administrators, by keyboard: the platform administrator adds an administrator, the
 * activation mail reaches the test SMTP server, the new administrator opens its link, sets a
 * password at /firstTimeLogin and lands signed in. Then screenshots of the list and the form in
 * both languages (/tmp/admins).
 */

test.describe.configure({ mode: 'serial' })

const SHOTS = '/tmp/admins'
const RUN = Date.now().toString(36)
const LOGIN = `e2e.admin.${RUN}`
const EMAIL = `${LOGIN}@example.test`

test('an administrator is added, activates by mail, and signs in', async ({ page, browser }) => {
  await signIn(page, USERS.admin)
  await page.goto('main/user-management')
  await expect(page.getByRole('heading', { name: 'Administrators', level: 1 })).toBeVisible()
  await page.keyboard.press('n')
  await expect(page.getByRole('heading', { name: 'Add administrator' })).toBeVisible()
  await expect(page.getByLabel('Login name', { exact: true })).toBeFocused()
  await page.keyboard.type(LOGIN)
  await page.getByLabel('E-mail', { exact: true }).focus()
  await page.keyboard.type(EMAIL)
  await choose(page, 'Role', 'Company administrator')
  await choose(page, 'Default landing page', 'Dashboard')
  await page.getByLabel('Allowed IP ranges', { exact: true }).focus()
  await page.keyboard.type('127.0.0.0/8')
  await page.keyboard.press('Enter')
  await page.keyboard.type('::1/128')
  const before = (await mailbox(EMAIL)).length
  await page.getByLabel('Login name', { exact: true }).press('Enter')
  await expect(toast(page)).toContainText('Added successfully')
  await expect(page.getByRole('heading', { name: 'Administrators', level: 1 })).toBeVisible()

  const mail = await nextMail(EMAIL, before)
  const link = linkIn(mail, 'firstTimeLogin')
  const context = await browser.newContext()
  const fresh = await context.newPage()
  await fresh.goto(link)
  await expect(fresh.getByRole('heading', { name: 'First time login' })).toBeVisible()
  await fresh.getByLabel('New password', { exact: true }).focus()
  await fresh.keyboard.type('Welcome@2026')
  await fresh.getByLabel('Confirm new password', { exact: true }).focus()
  await fresh.keyboard.type('Welcome@2026')
  await fresh.keyboard.press('Enter')
  await expect(fresh).toHaveURL(/\/main\/index$/)
  await expect(fresh.getByRole('navigation').first()).toBeVisible()
  await context.close()
})

async function inLanguage(browser: Browser, lang: 'en-US' | 'zh-CN'): Promise<Page> {
  const { baseURL } = test.info().project.use
  const context = await browser.newContext({ baseURL, viewport: { width: 1440, height: 1100 } })
  await context.addInitScript((l) => localStorage.setItem('vcc.language', JSON.stringify(l)), lang)
  const page = await context.newPage()
  await signIn(page, USERS.admin)
  await page.evaluate((l) => localStorage.setItem('vcc.language', JSON.stringify(l)), lang)
  await page.reload()
  await expect(page.locator('html')).toHaveAttribute('lang', lang)
  return page
}

for (const lang of ['en-US', 'zh-CN'] as const) {
  test(`screenshots of the list and the form, ${lang}`, async ({ browser }) => {
    mkdirSync(SHOTS, { recursive: true })
    const page = await inLanguage(browser, lang)
    await page.goto('main/user-management')
    await expect(page.getByTestId('list-total')).toBeVisible()
    await page.screenshot({ path: `${SHOTS}/list-${lang}.png` })
    await page.keyboard.press('n')
    await expect(page.getByRole('heading', { level: 1 }).last()).toBeVisible()
    await page.screenshot({ path: `${SHOTS}/form-${lang}.png`, fullPage: true })
    await page.context().close()
  })
}
