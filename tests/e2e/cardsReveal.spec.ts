import { expect, test } from '@playwright/test'
import { MAIN_PORT } from '../../playwright.config'
import { apiCall, apiToken } from './api'
import { cardAction, cardToolbar, press, type CardRow } from './cardSupport'
import { auditRows, palette, signIn, USERS } from './fixtures'

/**
 * Card data protection (issue 9, "Done when"): the auditor sees cards masked and cannot
 * reveal a number — no action offered, and the API refuses; admin (who holds the
 * sensitive-fields toggle) reveals one with a reason, and the audit log holds who, why and the
 * masked number, never the number. The product has no audit-log screen or call: the audit
 * rows are read from the e2e server's test endpoint (tests/e2e/serve.ts).
 */

test.describe.configure({ mode: 'serial' })

const MASKED = /^[0-9]{4} [0-9]{2}•• •••• [0-9]{4}$/

/** An active card with a number, as admin sees it (read, not assumed: other specs change cards). */
async function anActiveCard(request: Parameters<typeof apiToken>[0]): Promise<CardRow> {
  const token = await apiToken(request, USERS.admin)
  const page = await apiCall<{ list: CardRow[] }>(request, token, '/card/list', {
    pageNum: 1,
    pageSize: 10,
    filters: { status: 'active' },
  })
  const card = page.list.find((c) => c.maskedNumber !== '')
  expect(card).toBeDefined()
  return card!
}

test('the auditor sees cards masked and is offered no reveal; the API refuses it', async ({
  page,
  request,
}) => {
  const card = await anActiveCard(request)
  await signIn(page, USERS.auditor)
  await palette(page, 'Card list', /^Card list/)
  await expect(page.getByRole('heading', { name: 'Card list', level: 1 })).toBeVisible()
  const numbers = page.getByRole('table').getByText(MASKED)
  await expect(numbers.first()).toBeVisible()
  // Every number on the page is masked: none has more than the first six and last four.
  expect(await page.getByRole('table').textContent()).not.toMatch(/[0-9]{4} ?[0-9]{4} ?[0-9]{4}/)
  // The list's Reveal is not available to the auditor (view only), and its detail has none.
  await expect(
    page.getByRole('toolbar').getByRole('button', { name: 'Reveal number' }),
  ).toBeDisabled()

  await page.goto(`main/cards-balance-view-card-detail?id=${card.id}`)
  await expect(page.getByRole('heading', { name: 'Card details', level: 1 })).toBeVisible()
  await expect(page.getByText(card.maskedNumber, { exact: true })).toBeVisible()
  await expect(cardToolbar(page).getByRole('button', { name: 'Reveal number' })).toHaveCount(0)

  // The API answers no number either.
  const token = await apiToken(request, USERS.auditor)
  const res = await request.post(`http://127.0.0.1:${MAIN_PORT}/admin/card-ops/reveal`, {
    data: { id: card.id, reason: 'curious' },
    headers: { Authorization: `Bearer ${token}` },
  })
  const body = (await res.json()) as { code: number; data?: unknown }
  expect(body.code).not.toBe(0)
  expect(JSON.stringify(body)).not.toMatch(/[0-9]{13,19}/)
  expect(await auditRows('card.reveal', `card:${card.id}`)).toEqual([])
})

test('admin reveals a number with a reason, and the audit log shows who, why and the masked number', async ({
  page,
  request,
}) => {
  const card = await anActiveCard(request)
  const before = await auditRows('card.reveal', `card:${card.id}`)
  const reason = `Cardholder on the phone, ticket ${Date.now() % 100000}`

  await signIn(page, USERS.admin)
  await page.goto(`main/cards-balance-view-card-detail?id=${card.id}`)
  await expect(page.getByText(card.maskedNumber, { exact: true })).toBeVisible()
  await press(cardAction(page, 'Reveal number'), page)
  const dialog = page.getByRole('dialog', { name: 'Reveal number' })
  await expect(dialog).toBeVisible()
  // A reason is required.
  await dialog.getByLabel('Why do you need the number?', { exact: true }).press('Enter')
  await expect(dialog.locator('[data-field-error="reason"]')).toBeVisible()
  await expect(dialog.getByTestId('revealed-number')).toHaveCount(0)
  await page.keyboard.type(reason)
  await page.keyboard.press('Enter')

  // The number, grouped by four, with the masked digits it must agree with.
  const shown = dialog.getByTestId('revealed-number')
  await expect(shown).toHaveText(/^[0-9]{4} [0-9]{4} [0-9]{4} [0-9]{4}$/)
  const number = (await shown.textContent())!.replace(/ /g, '')
  expect(number.startsWith(card.first6)).toBe(true)
  expect(number.endsWith(card.last4)).toBe(true)
  await expect(dialog.getByText(/^Security code: [0-9]{3}/)).toBeVisible()
  await expect(dialog.getByRole('timer')).toContainText('The number hides in')
  await press(dialog.getByRole('button', { name: 'Hide' }), page)
  await expect(dialog.getByTestId('revealed-number')).toHaveCount(0)
  await page.keyboard.press('Escape')
  await expect(dialog).toHaveCount(0)
  await expect(page.locator('body')).not.toContainText(number)

  // The audit log: one more reveal of this card, by admin, with the reason; no number in it.
  const after = await auditRows('card.reveal', `card:${card.id}`)
  expect(after).toHaveLength(before.length + 1)
  const row = after[after.length - 1]!
  expect(row.loginName).toBe('admin')
  expect(row.detail.reason).toBe(reason)
  expect(row.detail.masked).toBe(`${card.first6}******${card.last4}`)
  expect(JSON.stringify(after)).not.toContain(number)
})
