import { mkdirSync } from 'node:fs'
import { expect, test, type Page } from '@playwright/test'
import { plainTextOf } from '../../server/testing/smtp'
import { E2E_USERS } from './e2eUsers'
import { mailbox, nextMail, signIn, toast, USERS } from './fixtures'
import { linkIn } from './mail'

/**
 * Issue 19's "done when", in Chromium and by keyboard: an administrator adds a sender account
 * and sees its DNS records checked against the e2e server's fake zone (tests/e2e/dnsZone.ts:
 * SPF published as expected, DMARC published with another policy); edits the zh-CN
 * password-reset template with a new use of a variable, previews it with a real user and
 * saves; that user asks for a reset in zh-CN and the mail reaches the test SMTP server with
 * the new text; its send record says sent.
 *
 * Independent of the other specs on the same server: the user is the reset user (only
 * auth.spec asks a reset for it, in en-US, and the limit is five an hour), mails are counted
 * before, and the new line carries a marker no other spec writes. The sender account is not
 * the platform default, so mail keeps going out through the server's SMTP_URL (the test SMTP).
 */

test.describe.configure({ mode: 'serial' })
// Tall enough for the screenshots to hold the DNS table and the preview's last line.
test.use({ viewport: { width: 1280, height: 1400 } })

const SHOTS = 'docs/screenshots'
const user = E2E_USERS.reset
const ACCOUNT = 'mailflow@vcc-mail.example'
const SPF = { name: 'vcc-mail.example', value: 'v=spf1 include:_spf.vcc-mail.example ~all' }
const DMARC = { name: '_dmarc.vcc-mail.example', value: 'v=DMARC1; p=quarantine' }
// Unique to this spec (and to this run, should the suite share a server across runs).
const MARKER = `邮件流程标记-${Date.now().toString(36)}`

/** A DNS row of the account form: Add row (focus lands in its name), then its fields. */
async function addDnsRecord(page: Page, n: number, record: { name: string; value: string }) {
  await page.getByRole('button', { name: 'Add row' }).focus()
  await page.keyboard.press('Enter')
  const row = page.getByRole('group', { name: `Row ${n}` })
  const name = row.getByLabel('Name', { exact: true })
  await expect(name).toBeFocused()
  await page.keyboard.type(record.name)
  // The type stays TXT (the new row's default); its value is the next text field.
  await expect(row.getByLabel('Type', { exact: true })).toContainText('TXT')
  await row.getByLabel('Value', { exact: true }).focus()
  await page.keyboard.type(record.value)
}

test('sender account with DNS checks, zh-CN reset template edited, previewed, sent', async ({
  page,
  browser,
}) => {
  mkdirSync(SHOTS, { recursive: true })
  await signIn(page, USERS.admin)

  // 1. The sender account, added by keyboard.
  await page.goto('main/email-account')
  await expect(page.getByRole('heading', { name: 'Sender e-mails', level: 1 })).toBeVisible()
  await page.keyboard.press('n')
  await expect(page.getByRole('heading', { name: 'Sender e-mail' })).toBeVisible()
  await expect(page.getByLabel('Sender address', { exact: true })).toBeFocused()
  await page.keyboard.type(ACCOUNT)
  await page.getByLabel('Sender name', { exact: true }).focus()
  await page.keyboard.type('Mail flow')
  await page.getByLabel('SMTP host', { exact: true }).focus()
  await page.keyboard.type('smtp.vcc-mail.example')
  // Port 587 and STARTTLS are the form's defaults; "Platform default sender" stays unticked.
  await expect(page.getByLabel('Port', { exact: true })).toHaveValue('587')
  await expect(page.getByRole('checkbox', { name: 'Platform default sender' })).not.toBeChecked()
  await addDnsRecord(page, 1, SPF)
  await addDnsRecord(page, 2, DMARC)
  await page.getByLabel('Sender address', { exact: true }).press('Enter')
  await expect(toast(page)).toContainText('Added successfully')

  // 2. Its view: the records checked against the fake zone.
  await page.goto(`main/email-account?address=${encodeURIComponent(ACCOUNT)}`)
  await expect(page.getByTestId('list-total')).toHaveText('Total 1')
  await page.keyboard.press('j')
  await page.keyboard.press('x')
  await page.getByRole('button', { name: 'Sender e-mail details' }).focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { name: 'Sender e-mail details' })).toBeVisible()
  const dns = page.getByTestId('dns-records')
  const spfRow = dns.getByRole('row').filter({ hasText: SPF.value })
  const dmarcRow = dns.getByRole('row').filter({ hasText: DMARC.value })
  await expect(spfRow).toHaveCount(1)
  await expect(dmarcRow).toHaveCount(1)
  await page.getByRole('button', { name: 'Check DNS' }).focus()
  await page.keyboard.press('Enter')
  const cells = (row: typeof spfRow) => row.getByRole('cell')
  // Name, type, expected, observed, verified.
  await expect(cells(spfRow)).toHaveText([SPF.name, 'TXT', SPF.value, SPF.value, 'Verified'])
  await expect(cells(dmarcRow)).toHaveText([
    DMARC.name,
    'TXT',
    DMARC.value,
    'v=DMARC1; p=none',
    'Not verified',
  ])
  await expect(page.getByTestId('view-fields')).not.toContainText(/Last checked\s*—/)
  await page.screenshot({ path: `${SHOTS}/mailflow-sender-account-dns.png`, fullPage: true })

  // 3. The zh-CN password-reset template: a new line using loginName, previewed with the user.
  await page.goto('main/email-template?event=password-reset&language=zh-CN')
  await expect(page.getByTestId('list-total')).toHaveText('Total 1')
  await page.keyboard.press('j')
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { name: 'Edit e-mail template' })).toBeVisible()
  const content = page.getByLabel('Content (HTML)', { exact: true })
  await expect(content).not.toHaveValue(new RegExp(MARKER))
  await content.focus()
  await page.keyboard.press('Control+End')
  await page.keyboard.type(`\n<p>${MARKER}：{{ loginName }}</p>`)
  await expect(content).toHaveValue(new RegExp(`<p>${MARKER}：\\{\\{ loginName \\}\\}</p>$`))

  await page.getByLabel('Find a record', { exact: true }).focus()
  await page.keyboard.type(user.loginName)
  await page.getByTestId('preview-record').focus()
  await page.keyboard.press('Enter')
  await page
    .getByRole('option', { name: new RegExp(`^${user.loginName.replace('.', '\\.')}`) })
    .press('Enter')
  await expect(page.getByTestId('preview-record')).toContainText(user.loginName)
  const preview = page.frameLocator('[data-testid="preview-frame"]').locator('body')
  await expect(preview).toContainText(`${MARKER}：${user.loginName}`)
  await page.screenshot({ path: `${SHOTS}/mailflow-template-preview.png`, fullPage: true })

  await content.press('Control+Enter')
  await expect(toast(page)).toContainText('Modified successfully')

  // 4. The user asks for a reset on the public page, in zh-CN.
  const before = (await mailbox(user.email)).length
  const zh = await browser.newContext()
  await zh.addInitScript(() => localStorage.setItem('vcc.language', JSON.stringify('zh-CN')))
  const visitor = await zh.newPage()
  await visitor.goto('forgotpassword')
  await expect(visitor.getByRole('heading', { name: '忘记密码', level: 1 })).toBeVisible()
  await visitor.getByLabel('邮箱', { exact: true }).focus()
  await visitor.keyboard.type(user.email)
  await visitor.keyboard.press('Enter')
  await expect(visitor).toHaveURL(/\/sendEmailSuccess/)
  await zh.close()

  const mail = await nextMail(user.email, before)
  const text = plainTextOf(mail)
  expect(text).toContain(`${MARKER}：${user.loginName}`)
  // Still the reset mail in Chinese, its link included.
  expect(text).toContain(`账户 ${user.loginName} 申请了密码重置`)
  expect(linkIn(mail, 'resetPassword')).toContain('token=')

  // 5. Its send record: zh-CN, sent, through the platform's SMTP (no account of its own).
  await page.goto(`main/send-record?to=${encodeURIComponent(user.email)}&language=zh-CN`)
  await expect(page.getByRole('heading', { name: 'Send records', level: 1 })).toBeVisible()
  // The language is chosen by its name, as the list shows it: no code on screen.
  await expect(page.getByRole('search').getByLabel('Language', { exact: true })).toContainText(
    'Simplified Chinese',
  )
  const record = page.getByRole('row').filter({ hasText: '重置您的 VCC 管理平台密码' }).first()
  await expect(async () => {
    await page.reload()
    await expect(record).toContainText('Sent', { timeout: 1_000 })
  }).toPass()
  await expect(record).toContainText('Simplified Chinese')
  await expect(record).not.toContainText('zh-CN')
  await expect(record).toContainText('Platform default')
  await page.keyboard.press('j')
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { name: 'Send record' })).toBeVisible()
  await expect(page.getByRole('main')).toContainText(`${MARKER}：${user.loginName}`)
})
