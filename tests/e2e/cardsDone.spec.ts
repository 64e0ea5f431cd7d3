import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { formatMoney } from '../../src/lib/money'
import { apiCall, apiToken } from './api'
import {
  cardAction,
  cardsByAlias,
  cardStatus,
  cardTransactions,
  fillCreateCards,
  merchantUsd,
  press,
  reasonDialog,
  requestCancellation,
  sandbox,
} from './cardSupport'
import { choose, openSignedIn, palette, signIn, toast, toastError, USERS } from './fixtures'

/**
 * Issue 9, "Done when", in Chromium by keyboard alone (palette, list keys, Enter and Tab in
 * forms): merchant.user issues three cards, tops one up, has an authorisation approved and one
 * declined for insufficient funds, freezes and unfreezes the card, asks for its cancellation —
 * refused while an authorisation is pending, accepted once it has cleared — and admin approves
 * it: the card's balance returns to the merchant. Every money step is in the ledger (the
 * merchant's balance transactions, the card's transactions) and the ledger reconciles.
 *
 * The server is shared with other specs: balances, cardholders and BINs are read, never
 * assumed from the seed.
 */

test.describe.configure({ mode: 'serial' })

const RUN = `${Date.now() % 1_000_000}`
const ALIAS = `Done ${RUN}`
const usd = (minor: number) => formatMoney(minor, 'USD')

/** The merchant's USD row on accounts-balance, reached from the palette. */
async function balanceOnScreen(page: Page, request: APIRequestContext) {
  await palette(page, 'Balances', /^Balances/)
  await expect(page).toHaveURL(/\/main\/accounts-balance(\?|$)/)
  const api = await merchantUsd(request)
  const row = page.getByRole('table').first().getByRole('row').filter({ hasText: 'USD' })
  await expect(row).toHaveCount(1)
  // The page shows what the ledger says: available = posted − pending.
  await expect(row).toContainText(usd(api.available))
  return api.available
}

async function verifyLedger(request: APIRequestContext) {
  const token = await apiToken(request, USERS.admin)
  const report = await apiCall<{ ok: boolean; mismatches: unknown[] }>(
    request,
    token,
    '/ledger/verify',
    {},
  )
  expect(report.mismatches).toEqual([])
  expect(report.ok).toBe(true)
}

test('merchant.user: three cards, a top-up, an approval and a decline, freeze, cancel; admin approves', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000)
  const INITIAL = 2000 // $20.00 each
  const TOP_UP = 3000
  const SPENT = 500

  await signIn(page, USERS.merchant)
  const before = await balanceOnScreen(page, request)

  // Three cards from the card list (N opens the form).
  await palette(page, 'Card list', /^Card list/)
  await expect(page.getByRole('heading', { name: 'Card list', level: 1 })).toBeVisible()
  await page.keyboard.press('n')
  await fillCreateCards(page, ALIAS, '20.00', 3)
  const table = page.getByRole('table')
  const mine = table.getByRole('row').filter({ hasText: ALIAS })
  await expect(mine).toHaveCount(3)
  await expect(mine.filter({ hasText: 'Active' })).toHaveCount(3, { timeout: 30_000 })
  const cards = await cardsByAlias(request, ALIAS)
  expect(cards.map((c) => [c.status, c.available])).toEqual([
    ['active', INITIAL],
    ['active', INITIAL],
    ['active', INITIAL],
  ])
  const card = cards[0]! // the newest: the list's first row

  // Top up from the list: the first row ticked, the palette's "Top up". (K: back from the
  // form the list already has the keyboard on its first row, where J would move down.)
  await expect(table.getByRole('row').nth(1)).toContainText(card.maskedNumber)
  await page.keyboard.press('k')
  await page.keyboard.press('x')
  await palette(page, 'Top up', /^Top up/)
  const topUp = page.getByRole('dialog', { name: 'Top up' })
  await expect(topUp).toBeVisible()
  await page.keyboard.type('30.00')
  await page.keyboard.press('Enter')
  await expect(toast(page)).toContainText('Top up successful')
  await expect(table.getByRole('row').nth(1)).toContainText(usd(INITIAL + TOP_UP))

  // Its detail: the palette's "View" on the ticked row.
  await palette(page, 'View', /^View/)
  await expect(page).toHaveURL(new RegExp(`cards-balance-view-card-detail\\?id=${card.id}$`))
  await expect(cardStatus(page)).toHaveText('Active')

  // An authorisation that fits: the palette's "Simulate authorisation" sends the panel's form.
  const panel = sandbox(page)
  await panel.getByLabel('Amount', { exact: true }).fill('5.00')
  await palette(page, 'Simulate authorisation', /^Simulate authorisation/)
  await expect(toast(page)).toContainText(/Approved, authorisation code [0-9]{6}/)
  const txns = cardTransactions(page)
  const approved = txns.getByRole('row').filter({ hasText: 'Approved' })
  await expect(approved).toHaveCount(1)
  await expect(approved).toContainText('Pending')
  await expect(approved).toContainText(usd(SPENT))

  // One that does not: Enter in the panel's form; the reason is shown.
  await panel.getByLabel('Amount', { exact: true }).fill('500.00')
  await panel.getByLabel('Amount', { exact: true }).press('Enter')
  await expect(toastError(page)).toContainText('Declined: Insufficient funds')
  const declined = txns.getByRole('row').filter({ hasText: 'Insufficient funds' })
  await expect(declined).toHaveCount(1)
  await expect(declined).toContainText('Rejected')
  await expect(declined).toContainText(usd(50_000))

  // Freeze and unfreeze from the detail's action bar.
  await press(cardAction(page, 'Freeze'), page)
  await reasonDialog(page, 'Freeze', /^Suspected fraud$/i, 'Frozen successfully')
  await expect(cardStatus(page)).toHaveText('Blocked')
  await press(cardAction(page, 'Unfreeze'), page)
  await reasonDialog(page, 'Unfreeze', /^Issue resolved$/i, 'Unfrozen successfully')
  await expect(cardStatus(page)).toHaveText('Active')

  // A cancellation while the authorisation is pending: not offered, and the reason is shown;
  // the server refuses it as well (the console's rule is the server's).
  await expect(cardAction(page, 'Cancel card')).toBeDisabled()
  await expect(page.getByTestId('card-ops-waiting')).toHaveText(
    'Cancel card: Cannot cancel card with pending transactions',
  )
  const merchantToken = await apiToken(request, USERS.merchant)
  await expect(
    apiCall(request, merchantToken, '/card-ops/cancel', {
      id: card.id,
      reasonCode: 'noLongerNeeded',
      note: '',
    }),
  ).rejects.toThrow('3054 Cannot cancel card with pending transactions')
  await expect(cardStatus(page)).toHaveText('Active')

  // The authorisation clears (the panel's Clear on the approved one, chosen already).
  await expect(
    panel.getByRole('combobox', { name: 'On the selected pending transaction' }),
  ).toContainText(usd(SPENT))
  await press(panel.getByRole('button', { name: 'Clear', exact: true }), page)
  await expect(toast(page)).toContainText('Done')
  await expect(approved).toContainText('Success')
  await expect(page.getByTestId('card-ops-waiting')).toHaveCount(0)

  // Now the cancellation is taken, and waits for review.
  await requestCancellation(page)
  await expect(cardStatus(page)).toHaveText('Cancel requested')
  const remaining = INITIAL + TOP_UP - SPENT
  expect((await cardsByAlias(request, ALIAS)).find((c) => c.id === card.id)?.available).toBe(
    remaining,
  )

  // admin approves it on cards-cancel-review.
  const adminContext = await browser.newContext()
  const admin = await adminContext.newPage()
  await openSignedIn(admin, USERS.admin, 'main/index')
  await palette(admin, 'Card cancellation review', /^Card cancellation review/)
  await expect(
    admin.getByRole('heading', { name: 'Card cancellation review', level: 1 }),
  ).toBeVisible()
  const request1 = admin.getByRole('table').getByRole('row').nth(1)
  await expect(request1).toContainText(card.first6)
  await expect(request1).toContainText(card.last4)
  await expect(request1).toContainText('merchant.user')
  await expect(request1).toContainText(usd(remaining))
  await admin.keyboard.press('k')
  await admin.keyboard.press('x')
  await palette(admin, 'Review', /^Review/)
  const review = admin.getByRole('dialog', { name: 'Review' })
  await expect(review).toBeVisible()
  await expect(review).toContainText('merchant.user')
  await press(review.getByRole('button', { name: 'Approve', exact: true }), admin)
  await expect(toast(admin)).toContainText('Approve successful')
  await expect(request1).toContainText('Approved')
  await adminContext.close()

  // The card is cancelled and empty; the merchant has its balance back.
  await page.reload()
  await expect(cardStatus(page)).toHaveText('Cancelled')
  const after = await balanceOnScreen(page, request)
  expect(after).toBe(before - 3 * INITIAL - TOP_UP + remaining)

  // The ledger: each movement of the merchant balance, newest first.
  await palette(page, 'Balance transactions', /^Balance transactions/)
  await expect(page).toHaveURL(/\/main\/accounts-transactions(\?|$)/)
  const moves = page.getByRole('table').getByRole('row')
  await expect(moves.nth(1)).toContainText('Cancelled card balance returned')
  await expect(moves.nth(1)).toContainText(usd(remaining))
  await expect(moves.nth(2)).toContainText('Card top-up')
  await expect(moves.nth(2)).toContainText(usd(-TOP_UP))
  for (const i of [3, 4, 5]) {
    await expect(moves.nth(i)).toContainText('Card initial top-up')
    await expect(moves.nth(i)).toContainText(usd(-INITIAL))
  }

  // The card's side: both authorisations on cards-transactions, the reason of the decline.
  await palette(page, 'Card transactions', /^Card transactions/)
  await expect(page).toHaveURL(/\/main\/cards-transactions(\?|$)/)
  const txnRows = page.getByRole('table').getByRole('row').filter({ hasText: card.last4 })
  await expect(txnRows.filter({ hasText: 'Insufficient funds' })).toHaveCount(1)
  await expect(txnRows.filter({ hasText: 'Approved' }).filter({ hasText: 'Success' })).toHaveCount(
    1,
  )

  await verifyLedger(request)
})

test("maker ≠ checker: admin's own cancellation request is not offered for review", async ({
  page,
  request,
}) => {
  const [, card] = await cardsByAlias(request, ALIAS)
  expect(card?.status).toBe('active')
  const adminToken = await apiToken(request, USERS.admin)
  await apiCall(request, adminToken, '/card-ops/cancel', {
    id: card!.id,
    reasonCode: 'noLongerNeeded',
    note: 'asked by admin',
  })

  await openSignedIn(page, USERS.admin, 'main/cards-cancel-review')
  const row = page.getByRole('table').getByRole('row').nth(1)
  await expect(row).toContainText(card!.last4)
  await expect(row).toContainText('admin (You made this request: another person reviews it)')
  await page.keyboard.press('k')
  await page.keyboard.press('x')
  await palette(page, 'Review', /^Review/)
  // The reason instead of a dialog the server would refuse (3055).
  await expect(toastError(page)).toContainText('You cannot review a request you made yourself')
  await expect(page.getByRole('dialog', { name: 'Review' })).toHaveCount(0)
  await expect(row).toContainText('Pending')

  // Another person (company.admin) reviews it: rejected, the card is active again.
  const companyToken = await apiToken(request, USERS.company)
  const requests = await apiCall<{ list: { id: number; cardId: number }[] }>(
    request,
    companyToken,
    '/card-ops/cancel-requests/list',
    { pageNum: 1, pageSize: 10, filters: { status: 'pending' } },
  )
  const mine = requests.list.find((r) => r.cardId === card!.id)!
  await apiCall(request, companyToken, '/card-ops/cancel-requests/review', {
    id: mine.id,
    decision: 'reject',
    reasonCode: 'requestDeclined',
    note: '',
  })
  expect((await cardsByAlias(request, ALIAS)).find((c) => c.id === card!.id)?.status).toBe('active')
})

test('card balance update: the card is picked by searching its last four digits or alias', async ({
  page,
  request,
}) => {
  const [, , card] = await cardsByAlias(request, ALIAS)
  await openSignedIn(page, USERS.admin, 'main/index')
  await palette(page, 'Card balance update', /^Card balance update/)
  await expect(page.getByRole('heading', { name: 'Card balance update', level: 1 })).toBeVisible()
  await page.keyboard.press('n')
  const dialog = page.getByRole('dialog', { name: 'Request balance update' })
  await expect(dialog).toBeVisible()

  // Nothing chosen: refused beside the picker.
  await press(dialog.getByRole('button', { name: 'Submit' }), page)
  await expect(dialog.locator('[data-field-error="cardId"]')).toHaveText('Cannot be empty')

  const picker = dialog.getByRole('combobox', { name: 'Card', exact: true })
  await picker.focus()
  await page.keyboard.press('Enter')
  const search = page.getByRole('combobox', { name: 'Search Card' })
  await expect(search).toBeFocused()
  // By alias: this run's three cards.
  await page.keyboard.type(ALIAS)
  const options = page.getByRole('option')
  await expect(options).toHaveCount(3)
  // By the last four digits (as the lists show them): the one card.
  await search.fill('')
  await page.keyboard.type(card!.maskedNumber)
  await expect(options).toHaveCount(1)
  await expect(options.first()).toContainText(card!.maskedNumber)
  await expect(options.first()).toContainText(ALIAS)
  await page.keyboard.press('Enter')
  await expect(search).toHaveCount(0)
  await expect(picker).toContainText(card!.maskedNumber)
  await expect(picker).toBeFocused()

  await choose(page, 'Sign', /^\+$/, dialog)
  await dialog.getByLabel('Amount', { exact: true }).fill('125')
  await dialog.getByLabel('Reason', { exact: true }).fill('Chargeback credited by the network')
  await press(dialog.getByRole('button', { name: 'Submit' }), page)
  await expect(toast(page)).toContainText('Balance update requested; it waits for review')
  const row = page.getByRole('table').getByRole('row').nth(1)
  await expect(row).toContainText(card!.first6)
  await expect(row).toContainText(card!.last4)
  await expect(row).toContainText(`+${usd(125)}`)
  await expect(row).toContainText('Pending')

  // The requester is not offered the review either.
  await page.keyboard.press('k')
  await page.keyboard.press('x')
  await palette(page, 'Review', /^Review/)
  await expect(toastError(page)).toContainText('You cannot review a request you made yourself')
  await verifyLedger(request)
})
