import { expect, test } from '@playwright/test'
import { apiCall, apiToken } from './api'
import { choose, expectAccessible, palette, signIn, toast, USERS } from './fixtures'

/** Transfers between balances, by keyboard: a merchant user converts USD to SGD via a quote. */

test.describe.configure({ mode: 'serial' })

type Balance = { accountId: number; currency: string; balance: number; available: number }

test('a merchant user transfers USD to SGD through a quote and sees both balances change @smoke', async ({
  page,
  request,
}) => {
  const token = await apiToken(request, USERS.merchant)
  const balances = async () =>
    Object.fromEntries(
      (await apiCall<Balance[]>(request, token, '/accounts/transfer/balances', {})).map((b) => [
        b.currency,
        b.balance,
      ]),
    )
  const before = await balances()

  await signIn(page, USERS.merchant)
  await palette(page, 'Transfer between', /^Transfer between balances/)
  await expect(
    page.getByRole('heading', { name: 'Transfer between balances', level: 1 }),
  ).toBeVisible()
  await expectAccessible(page)

  await choose(page, 'From balance', 'Skyline Air Tickets · U')
  await choose(page, 'To balance', 'Skyline Air Tickets · S')
  await page.getByLabel('Amount', { exact: true }).fill('100.001')
  await page.getByLabel('Amount', { exact: true }).press('Enter')
  await expect(page.getByText('At most 2 decimal places for USD')).toBeVisible()
  await page.getByLabel('Amount', { exact: true }).fill('100.00')
  await page.getByLabel('Amount', { exact: true }).press('Enter')

  // USD→SGD 1.3425 less 50 bp: 100.00 USD arrives as S$133.58.
  const quote = page.getByTestId('fx-quote')
  await expect(quote).toContainText('1 USD = 1.3425 SGD (spread 0.50 %)')
  await expect(quote).toContainText('You send $100.00; the destination receives S$133.58')
  await expect(quote).toContainText(/Locked for \d+ s/)
  await expectAccessible(page)
  await quote.getByRole('button', { name: 'Transfer at this rate' }).focus()
  await page.keyboard.press('Enter')
  await expect(toast(page)).toContainText('Transferred $100.00.')
  await expect(quote).toHaveCount(0)

  const after = await balances()
  expect(after.USD).toBe(before.USD - 10_000)
  expect(after.SGD).toBe(before.SGD + 13_358)
  // The form's choices show the new balances too.
  await page.getByLabel('From balance', { exact: true }).focus()
  await page.keyboard.press('Enter')
  // The choices show what is available (a pending withdrawal in the demo data holds some).
  const available = Object.fromEntries(
    (await apiCall<Balance[]>(request, token, '/accounts/transfer/balances', {})).map((b) => [
      b.currency,
      b.available,
    ]),
  )
  const usd = (available.USD / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })
  await expect(
    page.getByRole('option', { name: new RegExp(`USD · available \\$${usd.replace('.', '\\.')}`) }),
  ).toBeVisible()
  await page.keyboard.press('Escape')
})

test('the balance list opens a transfer from the chosen balance; the auditor may not', async ({
  page,
  browser,
}) => {
  await signIn(page, USERS.merchant)
  await page.goto('main/accounts-balance')
  await page.getByRole('checkbox', { name: 'Select Skyline Air Tickets SGD' }).check()
  await page.getByRole('button', { name: 'Transfer', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Transfer between balances' })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByLabel('From balance', { exact: true })).toContainText(
    'Skyline Air Tickets · SGD',
  )
  await page.keyboard.press('Escape')
  await expect(dialog).toHaveCount(0)

  const auditor = await (
    await browser.newContext({ baseURL: test.info().project.use.baseURL })
  ).newPage()
  await signIn(auditor, USERS.auditor)
  await auditor.goto('main/accounts-balance')
  await auditor.getByRole('checkbox', { name: 'Select Skyline Air Tickets SGD' }).check()
  await expect(auditor.getByRole('button', { name: 'Transfer', exact: true })).toBeDisabled()
  await auditor.context().close()
})

test('the transfer and export dialogs close by Cancel and by Close, sending nothing', async ({
  page,
}) => {
  await signIn(page, USERS.merchant)
  await page.goto('main/accounts-balance')
  const sent: string[] = []
  page.on('request', (r) => {
    if (r.method() === 'POST' && /\/admin\/(transfer|.*export)/.test(r.url())) sent.push(r.url())
  })
  const open = {
    transfer: async () => {
      await page.getByRole('checkbox', { name: 'Select Skyline Air Tickets SGD' }).check()
      await page.getByRole('button', { name: 'Transfer', exact: true }).click()
      return page.getByRole('dialog', { name: 'Transfer between balances' })
    },
    export: async () => {
      await page.getByRole('button', { name: 'Export', exact: true }).click()
      return page.getByTestId('export-dialog')
    },
  }
  for (const dialogOf of [open.transfer, open.export]) {
    for (const button of ['Cancel', 'Close']) {
      const dialog = await dialogOf()
      await expect(dialog).toBeVisible()
      await dialog.getByRole('button', { name: button, exact: true }).click()
      await expect(dialog).toHaveCount(0)
    }
  }
  expect(sent).toEqual([])
})

test('the auditor sees the transfer page view only, and the FX rate screen too', async ({
  page,
}) => {
  await signIn(page, USERS.auditor)
  await palette(page, 'FX rates', /^FX rates/)
  await expect(page.getByRole('heading', { name: 'FX rates', level: 1 })).toBeVisible()
  await expect(page.getByRole('row', { name: /USD.*SGD.*1\.3425/ })).toBeVisible()
  await palette(page, 'Transfer between', /^Transfer between balances/)
  await expect(
    page.getByRole('heading', { name: 'Transfer between balances', level: 1 }),
  ).toBeVisible()
  await expect(
    page.getByText('Your current account does not have permission to save changes (view only)'),
  ).toBeVisible()
})

test('an administrator edits an FX rate; who and when are kept', async ({ page }) => {
  await signIn(page, USERS.admin)
  await page.goto('main/accounts-fx-rate?baseCurrency=THB&quoteCurrency=SGD')
  await expect(page.getByTestId('list-total')).toHaveText('Total 1')
  await page.keyboard.press('j')
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { name: 'Edit FX rate' })).toBeVisible()
  await page.getByLabel('Rate', { exact: true }).fill('0.0376')
  await page.getByLabel('Spread (bp)', { exact: true }).fill('75')
  await page.getByLabel('Spread (bp)', { exact: true }).press('Enter')
  await expect(toast(page)).toContainText('Modified successfully')
  await expect(page.getByRole('row', { name: /THB/ })).toContainText('0.0376')
  await expect(page.getByRole('row', { name: /THB/ })).toContainText('admin')
})
