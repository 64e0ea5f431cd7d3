import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test'
import { apiCall, apiToken } from './api'
import {
  choose,
  expectAccessible,
  mailbox,
  nextMail,
  palette,
  signIn,
  toast,
  toastError,
  USERS,
  type Who,
} from './fixtures'
import { signInViaApi } from './shellSupport'
import { mailSubject } from './mail'
import { MAIN_PORT } from '../../playwright.config'

/**
 * Shared card groups (issue 10), by keyboard: merchant.user makes a rule, creates a group from
 * it with a deposit, issues three cards into it, simulates authorisations until the pool is
 * empty (the last one declined "group pool empty"), sees the group flagged at its warning
 * threshold, gets one e-mail, and finds the rule read-only; the server refuses its edit too.
 */

test.describe.configure({ mode: 'serial' })

/** The group the first test empties; the screenshots show it. */
let groupId = 0

/** Puts the list's cursor on `row` (the first one) by keyboard. */
async function toFirstRow(page: Page, row: Locator) {
  await page.keyboard.press('j')
  if (!(await row.evaluate((el) => el === document.activeElement))) {
    await page.keyboard.press('k')
  }
  await expect(row).toBeFocused()
}

test('merchant.user runs a shared card group until its pool is empty', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000)
  const stamp = Date.now().toString(36)
  const ruleName = `E2E pool rule ${stamp}`
  const groupName = `E2E pool ${stamp}`
  const mails = (await mailbox('merchant.user@vcc.local')).length

  await signIn(page, USERS.merchant)
  // 1. A merchant-level rule: limits may exceed the deposit by 50 %, warn below 40 %, 3 cards.
  await palette(page, 'Card rules', /Card rules and limits/)
  await expect(page.getByRole('heading', { name: 'Card rules and limits', level: 1 })).toBeVisible()
  await page.keyboard.press('n')
  await expect(page.getByRole('heading', { name: 'Add rule' })).toBeVisible()
  await expect(page.getByLabel('Merchant', { exact: true })).toContainText('Skyline Air Tickets')
  await page.getByLabel('Rule name', { exact: true }).fill(ruleName)
  await page.getByLabel('Balance floating ratio (%)', { exact: true }).fill('50')
  await page.getByLabel('Warning threshold (%)', { exact: true }).fill('40')
  await page.getByLabel('Max cards per group', { exact: true }).fill('3')
  await page.getByLabel('Max cards per group', { exact: true }).press('Enter')
  await expect(toast(page)).toContainText('Added')
  await expect(page.getByRole('row', { name: new RegExp(ruleName) })).toBeVisible()

  // 2. The group, from that rule, with SGD 100.00 from Skyline's balance.
  await palette(page, 'Shared card groups', /Shared card groups/)
  await expect(page.getByRole('heading', { name: 'Shared card groups', level: 1 })).toBeVisible()
  await expect(page.getByRole('row', { name: /Travel desk/ })).toBeVisible()
  await page.keyboard.press('n')
  await expect(page.getByRole('heading', { name: 'Create shared card group' })).toBeVisible()
  await expect(page.getByLabel('Merchant', { exact: true })).toContainText('Skyline Air Tickets')
  await page.getByLabel('Group name', { exact: true }).fill(groupName)
  await choose(page, 'Rule', ruleName)
  await choose(page, 'Currency', 'SGD')
  await page.getByLabel(/^Deposit/).fill('100.00')
  await page.getByLabel(/^Deposit/).press('Enter')
  await expect(toast(page)).toContainText('Shared card group created')
  await expect(page).toHaveURL(/\/main\/cards-share-cards\?id=\d+/)
  groupId = Number(new URL(page.url()).searchParams.get('id'))
  const pool = page.getByTestId('group-pool')
  await expect(pool).toContainText('S$100.00')

  // 3. Three cards issued into the group, S$50.00 each (150 ≤ 100 + 50 %).
  await page.getByRole('button', { name: 'Add cards' }).focus()
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: 'Issue cards into the group' })
  await expect(dialog).toBeVisible()
  await dialog.getByLabel(/^Card limit/).fill('50.00')
  await dialog.getByLabel('Quantity', { exact: true }).fill('3')
  await dialog.getByLabel('Quantity', { exact: true }).press('Enter')
  await expect(toast(page)).toContainText('Cards added to the group')
  const cards = page.getByTestId('group-cards')
  await expect(cards.getByText('Active')).toHaveCount(3, { timeout: 20_000 })
  await expect(pool).toContainText('S$150.00')

  // 4. Authorisations from the sandbox panel of the card transactions page.
  const token = await apiToken(request, USERS.merchant)
  const members = await apiCall<{ cardId: number; maskedNumber: string }[]>(
    request,
    token,
    '/card-group/cards',
    { id: groupId },
  )
  expect(members).toHaveLength(3)
  await palette(page, 'Card transactions', /Card transactions/)
  await expect(page.getByRole('heading', { name: 'Card transactions', level: 1 })).toBeVisible()
  const panel = page.getByRole('region', { name: 'Sandbox: simulate the card network' })
  const decisions = async (cardId: number) =>
    (
      await apiCall<{ list: { result: string }[]; total: number }>(
        request,
        token,
        '/card-transactions/list',
        { pageSize: 10, filters: { card: String(cardId) } },
      )
    ).list.map((r) => r.result)
  // The card by its masked number, from the panel's card search, by keyboard.
  const chooseCard = async (masked: string) => {
    await panel.getByRole('combobox', { name: 'Card', exact: true }).focus()
    await page.keyboard.press('Enter')
    const search = page.getByRole('combobox', { name: 'Search Card' })
    await expect(search).toBeFocused()
    await search.fill(masked)
    // The last four digits may be another card's too: move to this one before Enter.
    const option = page.getByRole('option', { name: new RegExp(masked.replace(/[•*]/g, '.')) })
    await expect(option).toHaveCount(1)
    while ((await option.getAttribute('aria-selected')) !== 'true') await search.press('ArrowDown')
    await search.press('Enter')
    await expect(panel.getByRole('combobox', { name: 'Card', exact: true })).toContainText(masked)
  }
  const authorise = async (
    card: { cardId: number; maskedNumber: string },
    amount: string,
    outcome: RegExp,
    declined = false,
  ) => {
    const cardId = card.cardId
    const before = (await decisions(cardId)).length
    await chooseCard(card.maskedNumber)
    await panel.getByLabel('Amount', { exact: true }).fill(amount)
    await panel.getByLabel('Currency', { exact: true }).fill('SGD')
    await panel.getByLabel('Amount', { exact: true }).press('Enter')
    // Decided (the list's newest first), and said in a toast.
    await expect.poll(async () => (await decisions(cardId)).length).toBe(before + 1)
    expect((await decisions(cardId))[0]).toBe(declined ? 'groupPoolEmpty' : 'approved')
    await expect((declined ? toastError : toast)(page)).toContainText(outcome)
    await expect(panel.getByRole('button', { name: 'Simulate authorisation' })).toBeEnabled()
  }
  await authorise(members[0], '40.00', /Approved/)
  await authorise(members[1], '40.00', /Approved/)
  // S$20.00 left: each card may still spend more by its limit, but not the pool.
  await authorise(members[2], '30.00', /Declined: Shared group pool empty/, true)
  await authorise(members[2], '20.00', /Approved/)
  await authorise(members[0], '1.00', /Declined: Shared group pool empty/, true)

  // 5. The group is flagged in the list and on its page; one e-mail arrived.
  await palette(page, 'Shared card groups', /Shared card groups/)
  await expect(page.getByRole('heading', { name: 'Shared card groups', level: 1 })).toBeVisible()
  const row = page.getByRole('row', { name: new RegExp(groupName) })
  await expect(row.getByTestId('group-flag')).toHaveText('Below warning threshold')
  // The newest group is the first row: J brings the cursor there (K back if it was there
  // already and J moved on), Enter opens it.
  await toFirstRow(page, row)
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(new RegExp(`cards-share-cards\\?id=${groupId}`))
  await expect(page.getByTestId('group-available')).toHaveText('S$0.00')
  const mail = await nextMail('merchant.user@vcc.local', mails)
  expect(mailSubject(mail)).toBe(`Shared card group ${groupName} is below its warning threshold`)
  expect(
    (await mailbox('merchant.user@vcc.local')).filter((m) => mailSubject(m).includes(groupName)),
  ).toHaveLength(1)
  // …and on the dashboard, whose link opens the same group.
  await palette(page, 'Dashboard', /^Dashboard/)
  const flagged = page
    .getByRole('heading', { name: 'Groups below their warning threshold' })
    .locator('xpath=../..')
  const link = flagged.getByRole('link', { name: groupName })
  await expect(link).toBeVisible()
  await link.focus()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(new RegExp(`cards-share-cards\\?id=${groupId}`))

  // 6. The rule is read-only now, and the server refuses its edit.
  await palette(page, 'Card rules', /Card rules and limits/)
  await expect(page.getByRole('heading', { name: 'Card rules and limits', level: 1 })).toBeVisible()
  await expect(page.getByRole('row', { name: new RegExp(ruleName) })).toBeVisible()
  await toFirstRow(page, page.getByRole('row', { name: new RegExp(ruleName) }))
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('rule-in-use')).toContainText(
    'This rule has been used to create a shared card group',
  )
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled()
  const rules = await apiCall<{ list: { id: number; merchantId: number }[] }>(
    request,
    token,
    '/card-rule/list',
    { pageSize: 200, filters: { name: ruleName } },
  )
  const res = await request.post(`http://127.0.0.1:${MAIN_PORT}/admin/card-rule/save`, {
    data: {
      id: rules.list[0].id,
      name: ruleName,
      merchantId: rules.list[0].merchantId,
      floatingRatio: 0,
      warningThreshold: 10,
      maxCards: 9,
    },
    headers: { Authorization: `Bearer ${token}` },
  })
  expect(res.status()).toBe(422)
  expect(await res.json()).toMatchObject({
    code: 3101,
    msg: 'This rule has been used to create a shared card group and can no longer be edited',
  })

  // ledger:verify over the same database.
  const admin = await apiToken(request, USERS.admin)
  const report = await apiCall<{ mismatches: unknown[] }>(request, admin, '/ledger/verify', {})
  expect(report.mismatches).toEqual([])
})

test('screenshots for the docs: a flagged group and the group list, both languages and themes', async ({
  page,
  baseURL,
}) => {
  test.skip(!groupId, 'needs the group of the first test')
  await page.setViewportSize({ width: 1280, height: 900 })
  await signInViaApi(page, 'merchant', baseURL!, `main/cards-share-cards?id=${groupId}`)
  for (const lang of ['en', 'zh'] as const) {
    await page.evaluate(
      (l) => localStorage.setItem('vcc.language', JSON.stringify(l)),
      lang === 'en' ? 'en-US' : 'zh-CN',
    )
    for (const theme of ['light', 'dark'] as const) {
      await page.evaluate((t) => localStorage.setItem('vcc.theme', JSON.stringify(t)), theme)
      await page.goto(`main/cards-share-cards?id=${groupId}`)
      await expect(page.locator('.radix-themes').first()).toHaveClass(new RegExp(`\\b${theme}\\b`))
      await expect(page.getByTestId('group-cards').getByRole('row')).toHaveCount(4)
      await page.mouse.move(0, 899)
      await page.screenshot({ path: `docs/screenshots/group-${lang}-${theme}.png` })
      await expectAccessible(page)
    }
  }
  await page.goto('main/cards-share-group')
  await expect(page.getByTestId('group-flag').first()).toBeVisible()
  await page.screenshot({ path: 'docs/screenshots/group-list-zh-dark.png' })
  await expectAccessible(page)
})

test('admin sets which companies and merchants may use a platform rule', async ({
  page,
  baseURL,
  request,
}) => {
  const token = await apiToken(request, USERS.admin)
  const rules = await apiCall<{ list: { id: number; name: string }[] }>(
    request,
    token,
    '/card-rule/list',
    { pageNum: 1, pageSize: 100 },
  )
  const rule = rules.list.find((r) => r.name === 'Standard shared rule')!
  const before = await apiCall<{ companyIds: number[]; merchantIds: number[] }>(
    request,
    token,
    '/card-rule/visibility',
    { id: rule.id },
  )
  await signInViaApi(page, 'admin', baseURL!, `main/cards-rules-limits-visibility?id=${rule.id}`)
  await expect(
    page.getByRole('heading', { name: 'Who may use Standard shared rule' }),
  ).toBeVisible()
  const lotus = page.getByRole('checkbox', { name: 'Lotus Car Rental' })
  await expect(lotus).not.toBeChecked()
  await lotus.focus()
  await page.keyboard.press('Space')
  await expect(lotus).toBeChecked()
  await expectAccessible(page)
  await page.getByRole('button', { name: 'Save', exact: true }).focus()
  await page.keyboard.press('Enter')
  await expect(toast(page)).toContainText('Visibility saved')
  await expect(page).toHaveURL(/\/main\/cards-rules-limits/)
  const after = await apiCall<{ companyIds: number[]; merchantIds: number[] }>(
    request,
    token,
    '/card-rule/visibility',
    { id: rule.id },
  )
  expect(after.companyIds).toEqual(before.companyIds)
  expect(after.merchantIds.length).toBe(before.merchantIds.length + 1)
})

test('admin adds a platform rule (no merchant) and deletes it from the list', async ({
  page,
  baseURL,
}) => {
  const name = `E2E platform rule ${Date.now().toString(36)}`
  await signInViaApi(page, 'admin', baseURL!, 'main/cards-rules-limits')
  await page.getByRole('button', { name: 'Add platform rule' }).click()
  await expect(page.getByRole('heading', { name: 'Add platform rule', level: 1 })).toBeVisible()
  // A platform rule names no merchant: the form leaves the field out.
  await expect(page.getByLabel('Rule name', { exact: true })).toBeFocused()
  await expect(page.getByLabel('Merchant', { exact: true })).toHaveCount(0)
  await expect(page.getByLabel('Max cards per group', { exact: true })).toHaveAttribute(
    'maxlength',
    '4',
  )
  await page.getByLabel('Rule name', { exact: true }).fill(name)
  await page.getByLabel('Balance floating ratio (%)', { exact: true }).fill('12.5')
  await page.getByLabel('Warning threshold (%)', { exact: true }).fill('abc')
  await page.getByLabel('Max cards per group', { exact: true }).fill('8')
  await page.getByLabel('Max cards per group', { exact: true }).press('Enter')
  await expect(page.getByText('Must be number')).toBeVisible()
  await page.getByLabel('Warning threshold (%)', { exact: true }).fill('30')
  await page.getByLabel('Warning threshold (%)', { exact: true }).press('Enter')
  await expect(toast(page)).toContainText('Added')

  // The list's columns from the definition: level, percents, visible to (platform only).
  const row = page.getByRole('row', { name: new RegExp(name) })
  await expect(row).toContainText('Platform')
  await expect(row).toContainText('12.5 %')
  await expect(row).toContainText('30 %')
  const headers = page.getByRole('columnheader')
  for (const h of ['Rule name', 'Level', 'Merchant', 'Groups', 'Visible to', 'Created at'])
    await expect(headers.filter({ hasText: h }).first()).toBeVisible()
  await row.getByRole('checkbox').check()
  await page.getByRole('button', { name: 'Delete', exact: true }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Delete rules' })
  await expect(confirm).toContainText(`Delete 1 rule(s): ${name}?`)
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click()
  await expect(toast(page)).toContainText('Deleted')
  await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(0)
})

/** A USD group of `merchant` from the platform rule, made through the API as `who`. */
async function usdGroup(request: APIRequestContext, who: Who, merchant: string, name: string) {
  const token = await apiToken(request, who)
  const merchants = await apiCall<{ merchantId: number; name: string }[]>(
    request,
    token,
    '/org/merchantList',
    {},
  )
  const merchantId = merchants.find((m) => m.name === merchant)!.merchantId
  const { rules } = await apiCall<{ rules: { id: number; name: string }[] }>(
    request,
    token,
    '/card-group/options',
    { merchantId },
  )
  const ruleId = rules.find((r) => r.name === 'Standard shared rule')!.id
  const group = await apiCall<{ id: number }>(request, token, '/card-group/create', {
    merchantId,
    ruleId,
    name,
    currency: 'USD',
    deposit: 100_00,
    requestId: `e2e-${name.replace(/[^A-Za-z0-9]+/g, '-')}`,
  })
  return group.id
}

test('issue 17: a USD group offers the USD shared BIN; without one, the BIN list says why', async ({
  page,
  baseURL,
  request,
}) => {
  const stamp = Date.now().toString(36)
  // merchant.user's Skyline has a USD shared-mode BIN in the demo data: a card goes in.
  const mine = await usdGroup(request, USERS.merchant, 'Skyline Air Tickets', `E2E USD ${stamp}`)
  await signInViaApi(page, 'merchant', baseURL!, `main/cards-share-cards?id=${mine}`)
  await page.getByRole('button', { name: 'Add cards' }).click()
  let dialog = page.getByRole('dialog', { name: 'Issue cards into the group' })
  await expect(dialog.getByLabel('Card BIN', { exact: true })).toContainText('41118900')
  await dialog.getByLabel(/^Card limit/).fill('20.00')
  await dialog.getByLabel(/^Card limit/).press('Enter')
  await expect(toast(page)).toContainText('Cards added to the group')

  // Lotus Car Rental has no USD shared-mode BIN: the empty picker says so.
  const lotus = await usdGroup(request, USERS.admin, 'Lotus Car Rental', `E2E empty ${stamp}`)
  await signInViaApi(page, 'admin', baseURL!, `main/cards-share-cards?id=${lotus}`)
  await page.getByRole('button', { name: 'Add cards' }).click()
  dialog = page.getByRole('dialog', { name: 'Issue cards into the group' })
  const bin = dialog.getByLabel('Card BIN', { exact: true })
  await expect(bin).toHaveAccessibleDescription(
    'No card BIN in shared mode for USD is assigned to this merchant',
  )
  // The dialog itself (axe reads the page behind the modal overlay as dimmed).
  await expectAccessible(page, '[role="dialog"]')
})
