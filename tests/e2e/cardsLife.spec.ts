import { expect, test } from '@playwright/test'
import { apiCall, apiToken } from './api'
import { palette, signIn, toast, USERS } from './fixtures'

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
