import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test'
import { apiCall, apiToken } from './api'
import { choose, toast, USERS, type Who } from './fixtures'

/**
 * Keyboard helpers the card specs share (cardsDone, cardsReveal, cardModel): the card forms
 * and dialogs, and reads of the product's own API for what a test must know but not type (a
 * card's id, a balance before and after). Sign-in, the palette and selects: fixtures.ts.
 */

/** Focus a button (Tab order aside: the toolbar's own) and press Enter on it. */
export async function press(button: Locator, page: Page) {
  await expect(button).toBeEnabled()
  await button.focus()
  await page.keyboard.press('Enter')
}

/**
 * On the create-cards form (merchant.user): the USD BIN 485932 (another spec may have
 * assigned an EUR BIN first), the default cardholder, `quantity` cards of `amount` each.
 */
export async function fillCreateCards(page: Page, alias: string, amount: string, quantity: number) {
  await expect(page.getByRole('heading', { name: 'Create cards' })).toBeVisible()
  const bin = page.getByLabel('Card BIN', { exact: true })
  await expect(bin).toContainText(/^[0-9]{6,8} · /)
  if (!(await bin.textContent())?.startsWith('485932')) {
    await choose(page, 'Card BIN', /^485932 · USD/)
  }
  await page.getByLabel('Alias', { exact: true }).fill(alias)
  await page.getByLabel('Validity (days)', { exact: true }).fill('365')
  await page.getByLabel(/^Initial top-up/).fill(amount)
  await page.getByLabel('Quantity', { exact: true }).fill(String(quantity))
  await page.getByLabel('Quantity', { exact: true }).press('Enter')
  await expect(toast(page)).toContainText(`${quantity} card(s) requested`)
  await expect(page).toHaveURL(/\/main\/cards-balance(\?|$)/)
}

export interface CardRow {
  id: number
  status: string
  maskedNumber: string
  first6: string
  last4: string
  available: number
  pendingTransactions: number
  alias: string
}

/** The cards whose alias contains `alias`, newest first, as `user` sees them. */
export async function cardsByAlias(
  request: APIRequestContext,
  alias: string,
  user: Who = USERS.merchant,
): Promise<CardRow[]> {
  const token = await apiToken(request, user)
  const page = await apiCall<{ list: CardRow[] }>(request, token, '/card/list', {
    pageNum: 1,
    pageSize: 100,
    filters: { alias },
  })
  return page.list
}

/** merchant.user's USD merchant balance (available, minor units). */
export async function merchantUsd(request: APIRequestContext) {
  const token = await apiToken(request, USERS.merchant)
  const page = await apiCall<{
    list: { currency: string; posted: number; pending: number; available: number }[]
  }>(request, token, '/accounts/balance/list', { filters: { currency: 'USD' } })
  expect(page.list).toHaveLength(1)
  return page.list[0]!
}

/** The card detail's action bar and one of its buttons. */
export const cardToolbar = (page: Page) => page.getByRole('toolbar', { name: 'Card details' })
export const cardAction = (page: Page, name: string) =>
  cardToolbar(page).getByRole('button', { name, exact: true })

/** The status shown on the card detail (the "Status" entry of the card section). */
export const cardStatus = (page: Page) =>
  page
    .locator('.rt-DataListItem')
    .filter({ has: page.getByRole('term').filter({ hasText: /^Status$/ }) })
    .getByRole('definition')

/**
 * A card dialog with a reason (freeze, unfreeze, cancel): the reason picked by keyboard, then
 * Submit; the toast says `done`.
 */
export async function reasonDialog(page: Page, title: string, reason: RegExp, done: string) {
  const dialog = page.getByRole('dialog', { name: title })
  await expect(dialog).toBeVisible()
  await choose(page, 'Reason', reason, dialog)
  await press(dialog.getByRole('button', { name: 'Submit' }), page)
  await expect(toast(page)).toContainText(done)
  await expect(dialog).toHaveCount(0)
}

/** On the card detail: Cancel card, reason "No longer needed"; the request waits for review. */
export async function requestCancellation(page: Page) {
  await press(cardAction(page, 'Cancel card'), page)
  await reasonDialog(
    page,
    'Cancel card',
    /^No longer needed$/i,
    'Cancellation requested; it waits for review',
  )
}

/** The card detail's sandbox panel. */
export const sandbox = (page: Page) =>
  page.getByRole('region', { name: 'Sandbox: simulate the card network' })

/** The card detail's list of the card's transactions. */
export const cardTransactions = (page: Page) =>
  page.getByRole('region', { name: 'Card transactions' }).getByRole('table')

/** Admin channel parameters of the sandbox (failure injection). */
export interface ChannelParameter {
  operation: string
  latencyMs: number
  failurePercent: number
  failureKind: string
}

export async function sandboxParameters(
  request: APIRequestContext,
  token: string,
): Promise<ChannelParameter[]> {
  return apiCall<ChannelParameter[]>(request, token, '/channels/parameters/list', {
    channelCode: 'sandbox',
  })
}

export async function setSandboxParameter(
  request: APIRequestContext,
  token: string,
  p: ChannelParameter,
) {
  await apiCall(request, token, '/channels/parameters/save', { channelCode: 'sandbox', ...p })
}
