import { expect, test, type Browser, type Page } from '@playwright/test'
import { MAIN_PORT } from '../../playwright.config'
import { apiCall, apiToken } from './api'
import { choose, openSignedIn, toast, toastError, USERS } from './fixtures'

/**
 * Issue 8, done when: a deposit declared by merchant.user is approved by admin (and refused
 * when the same user tries to approve their own), the balance changes once, the audit log and
 * the movement's history show each step; the same in zh-CN; all by keyboard, in Chromium.
 */

test.describe.configure({ mode: 'serial' })

type Lang = 'en-US' | 'zh-CN'
type User = { loginName: string; password: string }

const TEXT = {
  'en-US': {
    declareTitle: 'Declare a deposit or withdrawal',
    declared: 'Submitted for review',
    pending: 'Pending',
    success: 'Success',
    viewOnly: 'Your current account does not have permission to save changes (view only)',
    reviewTitle: 'Review transaction',
    reviewed: 'Reviewed',
    submitted: 'Submitted',
    approved: 'Approved',
    ownRequest: 'You cannot review a request you made yourself',
    declaredAudit: 'Declared a deposit',
    approvedAudit: 'Approved a deposit',
  },
  'zh-CN': {
    declareTitle: '申报充值或提现',
    declared: '已提交审核',
    pending: '待审核',
    success: '成功',
    viewOnly: '当前账户没有保存修改的权限（仅可查看）',
    reviewTitle: '审核交易',
    reviewed: '已审核',
    submitted: '已提交',
    approved: '已通过',
    ownRequest: '不能审核自己提交的申请',
    declaredAudit: '申报充值',
    approvedAudit: '审核通过充值',
  },
} as const

/** A 1×1 PNG: the wire's proof. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
)

async function signedIn(browser: Browser, user: User, lang: Lang): Promise<Page> {
  const { baseURL } = test.info().project.use
  const context = await browser.newContext({ baseURL })
  const page = await context.newPage()
  await page.goto('login')
  // The account field has the focus when the page opens: typed, never clicked.
  await expect(page.locator('input[autocomplete="username"]')).toBeFocused()
  await page.keyboard.type(user.loginName)
  await page.keyboard.press('Tab')
  await page.keyboard.type(user.password)
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/main\/index$/)
  if (lang === 'zh-CN') {
    // The palette's language action, by keyboard. The profile keeps the choice too.
    const palette = page.getByRole('dialog', { name: 'Command palette' })
    // The shell's keys are live once the dashboard has rendered after the sign-in.
    await expect(async () => {
      await page.locator('#main-content').focus()
      await page.keyboard.press('Control+k')
      await expect(palette).toBeVisible({ timeout: 1000 })
    }).toPass()
    await page.keyboard.type('Switch the language to')
    await page.keyboard.press('Enter')
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN')
    await expect(page.getByRole('link', { name: '仪表盘' }).first()).toBeVisible()
    // The demo users are shared by every spec: give the profile its English back (this page
    // stays in Chinese), so the specs after this one sign in the way they expect.
    const token = await page.evaluate(
      () => (JSON.parse(localStorage.getItem('vcc.user') ?? '{}') as { token?: string }).token,
    )
    await apiCall(page.request, token!, '/profile/language', { language: 'en_US' })
  }
  return page
}

const total = (page: Page) => page.getByTestId('list-total')
const rows = (page: Page) => page.locator('tbody tr[data-row-index]')

interface Balance {
  ownerId: number
  currency: string
  posted: number
  available: number
}

async function skylineUsd(request: Parameters<typeof apiToken>[0]): Promise<Balance> {
  const token = await apiToken(request, USERS.merchant)
  const page = await apiCall<{ list: Balance[] }>(request, token, '/accounts/balance/list', {
    filters: { currency: 'USD' },
  })
  return page.list[0]
}

for (const lang of ['en-US', 'zh-CN'] as const) {
  test(`deposit declared by merchant.user, approved by admin, by keyboard (${lang})`, async ({
    browser,
    request,
  }) => {
    const text = TEXT[lang]
    const reference = `E2E-WIRE-${lang}`
    const before = await skylineUsd(request)

    // merchant.user declares the deposit: N on the list opens the form, the amount has the focus.
    const merchant = await signedIn(browser, USERS.merchant, lang)
    await merchant.goto('main/accounts-transactions')
    await expect(rows(merchant).first()).toBeVisible()
    await merchant.keyboard.press('n')
    await expect(merchant.getByRole('heading', { name: text.declareTitle })).toBeVisible()
    await merchant.keyboard.type('1,500.00')
    await merchant.keyboard.press('Tab')
    await merchant.keyboard.type(reference)
    // The proof: the file chooser is the browser's own, so the file is handed to the input.
    await merchant.locator('input[type="file"]').setInputFiles({
      name: 'wire.png',
      mimeType: 'image/png',
      buffer: PNG,
    })
    await expect(merchant.getByText('wire.png')).toBeVisible()
    await merchant.getByRole('textbox').nth(1).focus()
    await merchant.keyboard.press('Enter')
    await expect(toast(merchant)).toContainText(text.declared)

    await merchant.goto(`main/accounts-transactions?reference=${reference}`)
    await expect(total(merchant)).toContainText('1')
    await expect(rows(merchant)).toHaveCount(1)
    await expect(rows(merchant).first()).toContainText(text.pending)
    // The declarer cannot review it: E on its own row is refused, nothing changes.
    await merchant.keyboard.press('j')
    await merchant.keyboard.press('e')
    await expect(toastError(merchant)).toContainText(text.viewOnly)
    expect((await skylineUsd(request)).posted).toBe(before.posted)

    // admin reviews it: E on the row opens the review, Ctrl+Enter in the note approves.
    const admin = await signedIn(browser, USERS.admin, lang)
    await admin.goto(`main/accounts-transactions?reference=${reference}`)
    await expect(rows(admin)).toHaveCount(1)
    await admin.keyboard.press('j')
    await admin.keyboard.press('e')
    await expect(admin.getByRole('heading', { name: text.reviewTitle })).toBeVisible()
    await expect(admin.getByTestId('request-history')).toContainText(
      `${text.submitted} · merchant.user`,
    )
    const note = admin.getByRole('textbox').last()
    await note.focus()
    await admin.keyboard.type('Credit seen on the statement')
    await admin.keyboard.press('Control+Enter')
    await expect(toast(admin)).toContainText(text.reviewed)
    await expect(rows(admin)).toHaveCount(1)
    await expect(rows(admin).first()).toContainText(text.success)

    // The balance moved once, by the amount.
    const after = await skylineUsd(request)
    expect(after.posted).toBe(before.posted + 150_000)
    expect(after.available).toBe(before.available + 150_000)

    // The movement's history and the audit log show each step, by name (never the code).
    await admin.keyboard.press('j')
    await admin.keyboard.press('Enter')
    await expect(admin.getByTestId('request-history')).toContainText(
      `${text.submitted} · merchant.user`,
    )
    await expect(admin.getByTestId('request-history')).toContainText(`${text.approved} · admin`)
    await expect(admin.getByTestId('request-audit')).toContainText(
      `${text.declaredAudit} · merchant.user`,
    )
    await expect(admin.getByTestId('request-audit')).toContainText(`${text.approvedAudit} · admin`)
    // A second approval is impossible: the form is gone once reviewed.
    await expect(admin.getByRole('form', { name: text.reviewTitle })).toHaveCount(0)
    await merchant.context().close()
    await admin.context().close()
  })
}

test('maker ≠ checker at the API: the submitter can never approve, in either language', async ({
  request,
}) => {
  const admin = await apiToken(request, USERS.admin)
  const merchantToken = await apiToken(request, USERS.merchant)
  const skyline = await skylineUsd(request)
  const own = await apiCall<{ id: number }>(request, admin, '/accounts/transactions/save', {
    merchantId: skyline.ownerId,
    kind: 'deposit',
    currency: 'USD',
    amount: 200_00,
    reference: 'E2E-MAKER',
    proof: { name: 'w.png', contentType: 'image/png', data: PNG.toString('base64') },
  })
  const review = (token: string, wireLang: string) =>
    request.post(`http://127.0.0.1:${MAIN_PORT}/admin/accounts/transactions/review`, {
      data: { requestId: own.id, decision: 'approve', reasonCode: 'verified' },
      headers: { Authorization: `Bearer ${token}`, Language: wireLang },
    })
  for (const [lang, wire] of [
    ['en-US', 'en_US'],
    ['zh-CN', 'zh_CN'],
  ] as const) {
    const res = await review(admin, wire)
    expect(res.status()).toBe(422)
    expect(await res.json()).toMatchObject({ code: 2013, msg: TEXT[lang].ownRequest })
  }
  // merchant.user holds no review button at all.
  expect(await (await review(merchantToken, 'en_US')).json()).toMatchObject({ code: 1403 })
  expect((await skylineUsd(request)).posted).toBe(skyline.posted)
})

test('the platform adds, reads and deletes a receiving bank account; a merchant only reads', async ({
  browser,
  request,
}) => {
  const bankName = `E2E Bank ${Date.now().toString(36)}`
  const page = await browser.newPage({ locale: 'en-US' })
  await openSignedIn(page, USERS.admin, 'main/accounts-balance')
  await page.getByRole('link', { name: 'Add bank account' }).click()
  await expect(page.getByRole('heading', { name: 'Add bank account', level: 1 })).toBeVisible()
  // The form's fields are the definition's: a new account starts in USD, the name focused.
  await expect(page.getByLabel('Currency', { exact: true })).toContainText('USD')
  await expect(page.getByLabel('Bank name', { exact: true })).toBeFocused()
  await expect(page.getByLabel('SWIFT', { exact: true })).toHaveAttribute('maxlength', '11')
  await choose(page, 'Currency', 'GBP')
  await page.getByLabel('Bank name', { exact: true }).fill(bankName)
  await page.getByLabel('Account name', { exact: true }).fill('VCC Platform Ltd')
  await page.getByLabel('Account number', { exact: true }).fill('GB29NWBK60161331926819')
  await page.getByLabel('Location', { exact: true }).fill('London')
  await page.getByLabel('Location', { exact: true }).press('Enter')
  await expect(toast(page)).toContainText('Added')
  await expect(page).toHaveURL(/\/main\/accounts-balance(\?|$)/)

  // Below the balances: the table's columns, the bank's name opening the account.
  const banks = page.getByRole('region', { name: 'Receiving bank accounts' })
  const row = banks.getByRole('row', { name: new RegExp(bankName) })
  await expect(banks.getByRole('columnheader')).toHaveText([
    'Currency',
    'Bank name',
    'Account name',
    'Account number',
    'SWIFT',
  ])
  await expect(row.getByRole('cell')).toHaveText([
    'GBP',
    'VCC Platform Ltd',
    'GB29NWBK60161331926819',
    '—',
  ])
  await row.getByRole('link', { name: bankName }).click()
  await expect(page.getByRole('heading', { name: 'Bank account', level: 1 })).toBeVisible()
  const fields = page.getByTestId('view-fields')
  await expect(fields).toContainText('Location')
  await expect(fields).toContainText('London')
  await expect(page.getByRole('button', { name: 'Edit', exact: true })).toBeVisible()
  await page.getByRole('button', { name: 'Delete', exact: true }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Delete bank accounts' })
  await expect(confirm).toContainText(`Delete 1 bank account(s): ${bankName}?`)
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click()
  await expect(toast(page)).toContainText('Deleted')
  await expect(page).toHaveURL(/\/main\/accounts-balance(\?|$)/)
  await expect(banks.getByRole('row', { name: new RegExp(bankName) })).toHaveCount(0)
  await page.close()

  // merchant.user reads the accounts: no add, edit or delete.
  const token = await apiToken(request, USERS.merchant)
  const { list } = await apiCall<{ list: { id: number; bankName: string }[] }>(
    request,
    token,
    '/accounts/bank/list',
    { pageSize: 200 },
  )
  const merchant = await browser.newPage({ locale: 'en-US' })
  await openSignedIn(merchant, USERS.merchant, 'main/accounts-balance')
  const seen = merchant.getByRole('region', { name: 'Receiving bank accounts' })
  await expect(seen.getByRole('row')).toHaveCount(list.length + 1)
  await expect(merchant.getByRole('link', { name: 'Add bank account' })).toHaveCount(0)
  await seen.getByRole('link', { name: list[0].bankName }).first().click()
  await expect(merchant.getByRole('heading', { name: 'Bank account', level: 1 })).toBeVisible()
  await expect(merchant.getByRole('button', { name: 'Back', exact: true })).toBeVisible()
  await expect(merchant.getByRole('button', { name: /^(Edit|Delete)$/ })).toHaveCount(0)
  await merchant.close()
})
