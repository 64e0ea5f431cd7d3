import { mkdirSync } from 'node:fs'
import { expect, test } from '@playwright/test'
import { apiCall, apiToken } from './api'
import { auditRows, choose, expectAccessible, signIn, toast, USERS } from './fixtures'

/**
 * email-account-save-settinginfo (docs/mail.md, "Sender settings"), by keyboard: the
 * administrator opens Sender settings from the sender accounts' list, makes an active account
 * the platform default and gives a company a public account; the choice is saved with its
 * audit row and shown again after a reload; the auditor sees the screen read only. Both
 * choices are put back at the end (the other specs' mail goes through the server's SMTP_URL).
 * Delivery through the chosen account is server/modules/email-accounts/emailAccounts.test.ts.
 */

// A shared, busy machine: one run took over the default minute.
test.describe.configure({ mode: 'serial', timeout: 300_000 })
test.use({ viewport: { width: 1280, height: 1000 } })

const SHOTS = '/tmp/mailrest'
const PUBLIC = 'settings-public@vcc-settings.example'
const COMPANY = 'Northwind Travel Pte'

test('sender settings: platform default and a company’s account, by keyboard', async ({
  page,
  request,
}) => {
  mkdirSync(SHOTS, { recursive: true })
  const token = await apiToken(request)
  const existing = await apiCall<{ list: { id: number; address: string }[] }>(
    request,
    token,
    '/email-account/list',
    { pageNum: 1, pageSize: 10, filters: { address: PUBLIC } },
  )
  if (!existing.list.length) {
    await apiCall(request, token, '/email-account/save', {
      address: PUBLIC,
      host: '127.0.0.1',
      port: 2525,
      security: 'none',
      senderName: 'Settings Test',
      isPublic: true,
    })
  }

  await signIn(page, USERS.admin)
  await page.goto('main/email-account')
  await expect(page.getByRole('heading', { name: 'Sender e-mails', level: 1 })).toBeVisible()
  await page.getByRole('button', { name: 'Sender settings' }).focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { name: 'Sender settings', level: 1 })).toBeVisible()
  await expect(page.getByLabel('Platform default sender', { exact: true })).toContainText('None')

  await choose(page, 'Platform default sender', `Settings Test <${PUBLIC}>`)
  await choose(page, COMPANY, `Settings Test <${PUBLIC}>`)
  await page.getByRole('button', { name: 'Save' }).focus()
  await page.keyboard.press('Enter')
  await expect(toast(page)).toContainText('Sender settings saved')
  // Saved: back on the list, and the audit row names the change.
  await expect(page).toHaveURL(/\/main\/email-account(\?|$)/)
  const [row] = (await auditRows('email-account.settings')).slice(-1)
  expect(row.loginName).toBe('admin')
  expect(JSON.stringify(row.detail)).toContain('"companies":[{')

  await page.goto('main/email-account-save-settinginfo')
  await expect(page.getByLabel('Platform default sender', { exact: true })).toContainText(PUBLIC)
  await expect(page.getByLabel(COMPANY, { exact: true })).toContainText(PUBLIC)
  await expectAccessible(page)
  await page.screenshot({ path: `${SHOTS}/sender-settings-en.png`, fullPage: true })

  // The same screen in zh-CN (issue 19): its labels and the saved choices, in Chinese.
  await page.evaluate(() => localStorage.setItem('vcc.language', JSON.stringify('zh-CN')))
  await page.reload()
  await expect(page.getByRole('heading', { name: '发件设置', level: 1 })).toBeVisible()
  await expect(page.getByLabel('平台默认发件邮箱', { exact: true })).toContainText(PUBLIC)
  await expect(page.getByText('各公司的发件邮箱')).toBeVisible()
  await expect(page.getByRole('main')).not.toContainText(/Sender settings|Platform default/)
  await page.screenshot({ path: 'docs/screenshots/sender-settings-zh-light.png', fullPage: true })
  await page.evaluate(() => localStorage.setItem('vcc.language', JSON.stringify('en-US')))
  await page.reload()

  // Both back to none, by keyboard too.
  await choose(page, 'Platform default sender', /^None/)
  await choose(page, COMPANY, 'Platform default')
  await page.getByRole('button', { name: 'Save' }).focus()
  await page.keyboard.press('Enter')
  await expect(toast(page)).toContainText('Sender settings saved')
  const after = await apiCall<{
    defaultAccountId: number | null
    companies: { name: string; accountId: number | null }[]
  }>(request, token, '/email-account/settinginfo', {})
  expect(after.defaultAccountId).toBeNull()
  expect(after.companies.find((c) => c.name === COMPANY)?.accountId).toBeNull()
})

test('sender settings: read only for the auditor', async ({ page }) => {
  await signIn(page, USERS.auditor)
  await page.goto('main/email-account-save-settinginfo')
  await expect(page.getByRole('heading', { name: 'Sender settings', level: 1 })).toBeVisible()
  await expect(page.getByLabel('Platform default sender', { exact: true })).toBeDisabled()
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled()
})
