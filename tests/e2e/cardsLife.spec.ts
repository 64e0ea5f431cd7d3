import { expect, test } from '@playwright/test'
import { apiCall, apiToken } from './api'
import {
  cardAction,
  cardStatus,
  cardTransactions,
  cardsByAlias,
  press,
  sandbox,
} from './cardSupport'
import { choose, palette, signIn, toast, USERS } from './fixtures'

/** Where the screenshots of these flows go, to be looked at (not compared). */
const SHOTS = (name: string) => `${process.env.E2E_SHOTS ?? 'test-results'}/events-${name}.png`

/**
 * Cards, second part: issuing. merchant.user creates three cards by keyboard, sees the sandbox
 * issuer's results arrive in the list without reloading, and opens one card's detail.
 */

test.describe.configure({ mode: 'serial' })

test('merchant.user creates three cards and sees them become active without reloading', async ({
  page,
  request,
}) => {
  // Another spec may have made a new default cardholder on the shared server: ask which it is.
  const token = await apiToken(request, USERS.merchant)
  const holders = await apiCall<{
    list: { firstName: string; lastName: string; address: string; isDefault: boolean }[]
  }>(request, token, '/cardholder/list', { pageSize: 100 })
  const defaults = holders.list.filter((h) => h.isDefault)
  expect(defaults).toHaveLength(1)
  const defaultHolder = `${defaults[0]!.firstName} ${defaults[0]!.lastName}`

  await signIn(page, USERS.merchant)
  await palette(page, 'Card list', /Card list/)
  await expect(page).toHaveURL(/\/main\/cards-balance/)
  await expect(page.getByRole('heading', { name: 'Card list', level: 1 })).toBeVisible()
  const table = page.getByRole('table')
  // Masked numbers only: first six, dots, last four.
  await expect(table.getByText(/^4859 32•• •••• [0-9]{4}$/).first()).toBeVisible()

  await page.keyboard.press('n')
  await expect(page.getByRole('heading', { name: 'Create cards' })).toBeVisible()
  // The merchant user's merchant and its default cardholder are chosen already.
  await expect(page.getByLabel('Merchant', { exact: true })).toContainText('Skyline Air Tickets')
  await expect(page.getByLabel('Cardholder', { exact: true })).toContainText(defaultHolder)
  // The first assigned BIN is chosen; the card spec may have assigned another before this one.
  const bin = page.getByLabel('Card BIN', { exact: true })
  await expect(bin).toContainText(/^[0-9]{6,8} · /)
  if (!(await bin.textContent())?.startsWith('485932')) {
    await bin.focus()
    await page.keyboard.press('Enter')
    await expect(page.getByRole('listbox')).toBeVisible()
    await page.getByRole('option', { name: /^485932 / }).focus()
    await page.keyboard.press('Enter')
    await expect(page.getByRole('listbox')).toHaveCount(0)
  }
  await expect(bin).toContainText('485932')
  await page.getByLabel('Alias', { exact: true }).fill('E2E campaign')
  await page.getByLabel('Validity (days)', { exact: true }).fill('10')
  await page.getByLabel(/^Initial top-up/).fill('25.00')
  await page.getByLabel('Quantity', { exact: true }).fill('3')
  await page.getByLabel('Quantity', { exact: true }).press('Enter')
  await expect(page.getByText('card validity not less than 30 days')).toBeVisible()
  await page.getByLabel('Validity (days)', { exact: true }).fill('365')
  await page.getByLabel('Validity (days)', { exact: true }).press('Enter')
  await expect(toast(page)).toContainText('3 card(s) requested')

  await expect(page).toHaveURL(/\/main\/cards-balance/)
  const mine = table.getByRole('row').filter({ hasText: 'E2E campaign' })
  await expect(mine).toHaveCount(3)
  // The sandbox answers after 1.5 s; the list asks again while cards are being created.
  await expect(mine.filter({ hasText: 'Active' })).toHaveCount(3, { timeout: 20_000 })
  await expect(mine.first()).toContainText('$25.00')

  // The newest card is first: its detail by keyboard.
  await page.keyboard.press('j')
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/cards-balance-view-card-detail\?id=/)
  await expect(page.getByRole('heading', { name: 'Card details', level: 1 })).toBeVisible()
  await expect(page.getByText(/^4859 32•• •••• [0-9]{4}$/)).toBeVisible()
  const history = page.getByRole('table').filter({ hasText: 'Reason code' })
  await expect(history.getByRole('row').filter({ hasText: 'Merchant User' })).toContainText(
    'Being created',
  )
  await expect(history.getByRole('row').filter({ hasText: 'Channel' })).toContainText('Active')
  // The billing address is the cardholder's.
  await expect(page.getByText(defaults[0]!.address)).toBeVisible()
})

test("the card detail shows each limit's used and remaining amounts", async ({ page, request }) => {
  const token = await apiToken(request, USERS.merchant)
  const cards = await apiCall<{ list: { id: number }[] }>(request, token, '/card/list', {
    pageSize: 10,
    filters: { alias: 'Travel — team' },
  })
  const id = cards.list[0]!.id
  type Line = { limit: number | null; used: number | null; remaining: number | null }
  const limits = await apiCall<Record<'perTransaction' | 'daily' | 'monthly' | 'lifetime', Line>>(
    request,
    token,
    '/card/limits',
    { id },
  )
  // The demo travel card has spent against its lifetime limit (seeded transactions).
  expect(limits.lifetime.used).toBeGreaterThan(0)
  const usd = (minor: number) =>
    new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(minor / 100)

  await signIn(page, USERS.merchant)
  await page.goto(`main/cards-balance-view-card-detail?id=${id}`)
  await expect(page.getByRole('heading', { name: 'Card details', level: 1 })).toBeVisible()
  const lifetime = page.getByTestId('limit-lifetime')
  await expect(lifetime).toContainText(usd(limits.lifetime.limit!))
  await expect(lifetime).toContainText(usd(limits.lifetime.used!))
  await expect(lifetime).toContainText(usd(limits.lifetime.remaining!))
  await expect(page.getByTestId('limit-monthly')).toContainText(usd(limits.monthly.used!))
  await expect(page.getByTestId('limit-perTransaction')).toContainText('n/a')
})

test('a partial clearing shows as partly cleared, and the sandbox refunds the typed amount', async ({
  page,
  request,
}) => {
  // One of the cards the first test made ($25.00 each), the oldest: the first test's detail
  // was the newest.
  const [card] = (await cardsByAlias(request, 'E2E campaign')).slice(-1)
  const usd = (minor: number) =>
    new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(minor / 100)
  await signIn(page, USERS.merchant)
  await page.goto(`main/cards-balance-view-card-detail?id=${card!.id}`)
  await expect(page.getByRole('heading', { name: 'Card details', level: 1 })).toBeVisible()

  const panel = sandbox(page)
  await panel.getByLabel('Amount', { exact: true }).fill('16.27')
  await panel.getByLabel('Amount', { exact: true }).press('Enter')
  await expect(toast(page)).toContainText(/Approved, authorisation code [0-9]{6}/)
  // The approved one is chosen: clear 10.00 of it.
  const amount = panel.getByLabel('Amount to clear or refund', { exact: true })
  await amount.fill('10.00')
  await press(panel.getByRole('button', { name: 'Clear partially', exact: true }), page)
  await expect(toast(page)).toContainText('Done')
  const txns = cardTransactions(page)
  const purchase = txns.getByRole('row').filter({ hasText: usd(1_627) })
  await expect(purchase).toContainText('Partly cleared')
  await expect(purchase).toContainText(usd(1_000))

  // Refund 2.00 of it: the typed amount, not all that was cleared.
  await expect(
    panel.getByRole('combobox', { name: 'On the selected pending transaction' }),
  ).toContainText(`cleared ${usd(1_000)}, refunded ${usd(0)}`)
  await amount.fill('2.00')
  await press(panel.getByRole('button', { name: 'Refund', exact: true }), page)
  await expect(toast(page)).toContainText('Done')
  await expect(purchase).toContainText(usd(200))
  // The refund's own row (the header names the Refunded column).
  const refund = txns.getByRole('row').filter({ hasText: 'Refund', hasNotText: 'Refunded' })
  await expect(refund).toHaveCount(1)
  await expect(refund).toContainText(usd(200))
  // Posted 25.00 − 10.00 + 2.00.
  await expect(page.getByText(usd(1_700)).first()).toBeVisible()
  await page.screenshot({ path: SHOTS('card-detail'), fullPage: true })

  // The list says the same, with the cleared and refunded columns.
  await page.goto(`main/cards-transactions?card=${card!.id}`)
  const list = page.getByRole('table').filter({ hasText: 'Partly cleared' })
  const row = list.getByRole('row').filter({ hasText: usd(1_627) })
  await expect(row).toContainText('Partly cleared')
  await expect(row).toContainText(usd(1_000))
  await expect(row).toContainText(usd(200))
  // Wide enough for every column (the table scrolls sideways on a narrower window).
  await page.setViewportSize({ width: 1900, height: 800 })
  await page.screenshot({ path: SHOTS('transactions-list'), fullPage: true })
})

test('an expired card shows Expired in the list and the detail, and under its own filter', async ({
  page,
}) => {
  await signIn(page, USERS.merchant)
  await page.goto('main/cards-balance')
  const search = page.getByRole('search')
  await choose(page, 'Status', 'Expired', search)
  await search.getByRole('button', { name: 'Search' }).click()
  await expect(page).toHaveURL(/status=expired/)
  const table = page.getByRole('table')
  const expired = table.getByRole('row').filter({ hasText: 'Trade fair (expired)' })
  await expect(expired).toContainText('Expired')
  await expect(table.getByRole('row').filter({ hasText: 'Active' })).toHaveCount(0)
  await page.setViewportSize({ width: 1700, height: 720 })
  await page.screenshot({ path: SHOTS('cards-expired-filter'), fullPage: true })
  // Under Active it is not.
  await choose(page, 'Status', 'Active', search)
  await search.getByRole('button', { name: 'Search' }).click()
  await expect(page).toHaveURL(/status=active/)
  await expect(table.getByRole('row').filter({ hasText: 'Travel — team' })).toHaveCount(1)
  await expect(table.getByRole('row').filter({ hasText: 'Trade fair (expired)' })).toHaveCount(0)

  await page.goto('main/cards-balance?status=expired')
  await table.getByRole('row').filter({ hasText: 'Trade fair (expired)' }).click()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { name: 'Card details', level: 1 })).toBeVisible()
  await expect(cardStatus(page)).toHaveText('Expired')
  await expect(page.getByTestId('card-expired')).toContainText('has passed')
  // Only what gives the money back is offered; the rest is held back with the reason.
  await expect(cardAction(page, 'Withdraw')).toBeEnabled()
  for (const op of ['Top up', 'Update limit', 'Freeze']) {
    await expect(cardAction(page, op), op).toBeDisabled()
  }
  await expect(page.getByTestId('card-ops-expired')).toHaveText(
    'Top up, Update limit, Freeze: The card is past its expiry month: it can only be withdrawn from or cancelled',
  )
  await page.screenshot({ path: SHOTS('card-expired'), fullPage: true })
})
