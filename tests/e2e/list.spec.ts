import { expect, test, type Locator, type Page } from '@playwright/test'
import { apiToken, seedDict } from './api'
import { signIn, USERS } from './fixtures'

/**
 * The list table: dropdown geometry, the server-kept column setup, the virtualised 200-row
 * page, form tabs and empty states. The kit's keys (cursor-row actions, Esc from the filters,
 * the sort key) are src/components/list/ListLayout.browser.test.tsx's.
 */

test.describe.configure({ mode: 'serial' })

const BIG = 205
let emptyDictId = 0

test.beforeAll(async ({ request }) => {
  const token = await apiToken(request)
  for (let i = 1; i <= BIG; i++) {
    await seedDict(request, token, {
      code: `e2e_big_${String(i).padStart(3, '0')}`,
      name: `Big ${i}`,
      type: 'e2e',
    })
  }
  emptyDictId = await seedDict(request, token, { code: 'e2e_novalues', name: 'No values yet' })
})

const total = (page: Page) => page.getByTestId('list-total')
const rows = (page: Page) => page.locator('tbody tr[data-row-index]')
const settled = (page: Page) =>
  expect(page.getByTestId('list-table')).not.toHaveAttribute('aria-busy', 'true')
const headerIds = (page: Page) =>
  page
    .locator('thead th[data-column-id]')
    .evaluateAll((ths) => ths.map((th) => th.dataset.columnId))

/**
 * An open select, menu or popover: inside the window, and no taller than its options need
 * (the defect made each a full window tall, the upward ones starting above the window).
 */
async function expectFits(page: Page, content: Locator, items: Locator) {
  await expect(content).toBeVisible()
  // Options that load (the dictionary chooser's) may land after the box opens.
  await expect(items.first()).toBeVisible()
  const vp = page.viewportSize()!
  const box = (await content.boundingBox())!
  expect(box.y).toBeGreaterThanOrEqual(0)
  expect(box.x).toBeGreaterThanOrEqual(0)
  expect(box.y + box.height).toBeLessThanOrEqual(vp.height)
  expect(box.x + box.width).toBeLessThanOrEqual(vp.width)
  let needed = 0
  for (const b of await items.evaluateAll((els) =>
    els.map((e) => (e as HTMLElement).getBoundingClientRect().height),
  )) {
    needed += b
  }
  expect(needed).toBeGreaterThan(0)
  // Padding, labels and separators: a little more than the items, never a window.
  expect(box.height).toBeLessThanOrEqual(needed + 120)
  expect(box.height).toBeLessThan(vp.height * 0.9)
}

test('every dropdown opens inside the window and fits its options; the page size works with a mouse', async ({
  page,
}) => {
  await signIn(page)
  await page.goto('main/dict-management?code=e2e_big')
  await expect(total(page)).toHaveText(`Total ${BIG}`)

  // Rows per page, at the bottom of the page: opens upwards, inside the window.
  await page.getByLabel('Rows per page', { exact: true }).click()
  const listbox = page.getByRole('listbox')
  await expectFits(page, listbox, listbox.getByRole('option'))
  await listbox.getByRole('option', { name: '20', exact: true }).click()
  await expect(page).toHaveURL(/pageSize=20/)
  await expect(rows(page)).toHaveCount(20)

  // A flag filter (Active).
  await page.getByRole('search').getByLabel('Active', { exact: true }).click()
  await expectFits(page, listbox, listbox.getByRole('option'))
  await page.keyboard.press('Escape')

  // Columns.
  await page.getByRole('button', { name: 'Columns' }).click()
  const menu = page.getByRole('menu')
  await expectFits(page, menu, menu.locator('[role^="menuitem"]'))
  await page.keyboard.press('Escape')

  // The account menu.
  await page.getByTestId('user-menu').click()
  await expectFits(page, menu, menu.getByRole('menuitem'))
  await page.keyboard.press('Escape')

  // The dictionary chooser.
  await page.goto('main/dict-dt-management')
  await page.getByTestId('dict-chooser').click()
  await expectFits(page, listbox, listbox.getByRole('option'))
  await page.keyboard.press('Escape')

  // /register's country list (a public page).
  await page.context().clearCookies()
  await page.evaluate(() => localStorage.clear())
  await page.goto('register')
  await page.getByLabel('Country or region', { exact: true }).click()
  await expectFits(page, listbox, listbox.getByRole('option'))
})

test('column order and width are kept on the server: after a reload and a new sign-in', async ({
  page,
}) => {
  await signIn(page)
  await page.goto('main/dict-management?code=e2e_big')
  await settled(page)
  expect((await headerIds(page)).slice(0, 2)).toEqual(['code', 'name'])

  // Keyboard: Columns › Arrange › Name › Move left, then Wider twice.
  await page.getByRole('button', { name: 'Columns' }).focus()
  await page.keyboard.press('Enter')
  const menu = page.getByRole('menu').first()
  await expect(menu).toBeVisible()
  await page.getByRole('menuitem', { name: 'Name', exact: true }).focus()
  await page.keyboard.press('ArrowRight')
  const sub = page.getByRole('menu', { name: 'Name' })
  await expect(sub).toBeVisible()
  await sub.getByRole('menuitem', { name: 'Move left' }).focus()
  await page.keyboard.press('Enter')
  await expect.poll(async () => (await headerIds(page)).slice(0, 2)).toEqual(['name', 'code'])
  const nameTh = page.locator('th[data-column-id="name"]')
  const before = (await nameTh.boundingBox())!.width
  await sub.getByRole('menuitem', { name: 'Wider' }).focus()
  await page.keyboard.press('Enter')
  await page.keyboard.press('Enter')
  await expect.poll(async () => (await nameTh.boundingBox())!.width).toBeGreaterThan(before + 60)
  // The width is what is kept (the fixed-column offset beside it is the table's own).
  const width = /width: \d+px/.exec((await nameTh.getAttribute('style')) ?? '')?.[0]
  expect(width).toBeTruthy()
  await page.keyboard.press('Escape')
  await page.keyboard.press('Escape')
  // Saved on the server: a reload shows it (once the save has landed).
  await expect
    .poll(async () => {
      await page.reload()
      await settled(page)
      return (await headerIds(page)).slice(0, 2)
    })
    .toEqual(['name', 'code'])
  await expect(nameTh).toHaveAttribute('style', new RegExp(width!))

  // Sign out and in again: the server kept it (nothing of it is in this browser).
  await page.getByTestId('user-menu').click()
  await page.getByTestId('sign-out').click()
  await expect(page).toHaveURL(/\/login/)
  expect(await page.evaluate(() => localStorage.getItem('vcc.columns'))).toBeNull()
  await signIn(page)
  await page.goto('main/dict-management?code=e2e_big')
  await settled(page)
  // The user's setup comes from the server, after the rows may already show.
  await expect.poll(async () => (await headerIds(page)).slice(0, 2)).toEqual(['name', 'code'])
  await expect(nameTh).toHaveAttribute('style', new RegExp(width!))

  // Another user has the screen's defaults.
  await page.getByTestId('user-menu').click()
  await page.getByTestId('sign-out').click()
  await signIn(page, USERS.auditor)
  await page.goto('main/dict-management?code=e2e_big')
  await settled(page)
  expect((await headerIds(page)).slice(0, 2)).toEqual(['code', 'name'])

  // Reset: back to the defaults for the admin.
  await page.getByTestId('user-menu').click()
  await page.getByTestId('sign-out').click()
  await signIn(page)
  await page.goto('main/dict-management?code=e2e_big')
  await page.getByRole('button', { name: 'Columns' }).click()
  await page.getByRole('menuitem', { name: /^Reset columns/ }).click()
  await expect.poll(async () => (await headerIds(page)).slice(0, 2)).toEqual(['code', 'name'])
  await expect(nameTh).not.toHaveAttribute('style', /width/)
})

test('columns hidden in this browser before move to the server once', async ({ page }) => {
  await signIn(page, USERS.auditor)
  await page.evaluate(() =>
    localStorage.setItem('vcc.columns', JSON.stringify({ 'parameter-management': ['value'] })),
  )
  await page.goto('main/parameter-management')
  await settled(page)
  await expect(page.getByRole('columnheader', { name: 'Description' })).toBeVisible()
  await expect(page.getByRole('columnheader', { name: 'Value' })).toHaveCount(0)
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('vcc.columns')))
    .toBe(JSON.stringify({}))
  // Now the server's: still hidden on a new sign-in with nothing in the browser.
  await page.waitForLoadState('networkidle')
  await page.getByTestId('user-menu').click()
  await page.getByTestId('sign-out').click()
  await page.evaluate(() => localStorage.removeItem('vcc.columns'))
  await signIn(page, USERS.auditor)
  await page.goto('main/parameter-management')
  await settled(page)
  await expect(page.getByRole('columnheader', { name: 'Description' })).toBeVisible()
  await expect(page.getByRole('columnheader', { name: 'Value' })).toHaveCount(0)
})

test('a 200-row page is virtualised and J walks through all of it', async ({ page }) => {
  await signIn(page)
  await page.goto('main/dict-management?code=e2e_big&pageSize=200')
  await expect(total(page)).toHaveText(`Total ${BIG}`)
  await settled(page)
  const table = page.getByTestId('list-table')
  await expect(table).toHaveAttribute('aria-rowcount', '201')
  const inDom = await rows(page).count()
  expect(inDom).toBeGreaterThan(0)
  expect(inDom).toBeLessThan(200)

  await page.keyboard.press('j')
  await expect(rows(page).first()).toBeFocused()
  for (let i = 1; i < 200; i++) await page.keyboard.press('j')
  const last = page.locator('tbody tr[data-row-index="199"]')
  await expect(last).toBeFocused()
  await expect(last).toHaveAttribute('aria-rowindex', '201')
  await expect(last).toContainText('e2e_big_200')
  // The header stayed at the top of the scrolled table.
  const scrollTop = (await page.getByTestId('list-scroll').boundingBox())!.y
  const headerTop = (await page.locator('thead th').first().boundingBox())!.y
  expect(Math.abs(headerTop - scrollTop)).toBeLessThanOrEqual(2)
  expect(await rows(page).count()).toBeLessThan(200)
  // One more J stays on the last row; K goes back up.
  await page.keyboard.press('j')
  await expect(last).toBeFocused()
  await page.keyboard.press('k')
  await expect(page.locator('tbody tr[data-row-index="198"]')).toBeFocused()
  // X ticks the focused row, as on a small page.
  await page.keyboard.press('x')
  await expect(page.locator('tbody tr[data-row-index="198"]')).toHaveAttribute(
    'aria-selected',
    'true',
  )
})

test("a form's tab shows its heading and closes after a save; the list's tab takes over", async ({
  page,
}) => {
  await signIn(page)
  await page.goto('main/dict-management?code=e2e_tab')
  await settled(page)
  const tabBar = page.getByTestId('tab-bar')
  await page.keyboard.press('n')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Add dictionary')
  await expect(tabBar.locator('[aria-current="page"]')).toHaveText('Add dictionary')
  const crumb = page.getByRole('navigation', { name: 'Breadcrumb' }).locator('[aria-current]')
  if (await crumb.count()) await expect(crumb).toHaveText('Add dictionary')

  await page.getByLabel('Code', { exact: true }).fill('e2e_tab_1')
  await page.getByLabel('Name', { exact: true }).fill('Tab test')
  await page.getByLabel('Name', { exact: true }).press('Enter')
  await expect(page).toHaveURL(/\/main\/dict-management\?code=e2e_tab$/)
  await expect(tabBar.getByText('Add dictionary')).toHaveCount(0)
  await expect(tabBar.locator('[aria-current="page"]')).toHaveText('Dictionaries')
  await expect(rows(page).first()).toBeFocused()

  // Edit: the tab says so too, and closes the same way.
  await page.keyboard.press('e')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Edit dictionary')
  await expect(tabBar.locator('[aria-current="page"]')).toHaveText('Edit dictionary')
  await page.getByLabel('Name', { exact: true }).fill('Tab test edited')
  await page.getByLabel('Name', { exact: true }).press('Enter')
  await expect(page).toHaveURL(/\/main\/dict-management\?code=e2e_tab$/)
  await expect(tabBar.getByText('Edit dictionary')).toHaveCount(0)
  await expect(rows(page).first()).toBeFocused()
  await expect(rows(page).first()).toContainText('Tab test edited')
})

test('empty lists say what to do', async ({ page }) => {
  await signIn(page)
  // Values with no dictionary chosen.
  await page.goto('main/dict-dt-management')
  await expect(page.getByTestId('list-empty')).toHaveText(
    'Choose a dictionary above to see and add its values.',
  )
  // A dictionary without values: add the first one.
  await page.goto(`main/dict-dt-management?dictId=${emptyDictId}`)
  const empty = page.getByTestId('list-empty')
  await expect(empty).toContainText('Nothing here yet. Add the first one.')
  await empty.getByRole('button', { name: 'Add' }).click()
  await expect(page).toHaveURL(new RegExp(`dict-dt-management-save\\?dictId=${emptyDictId}$`))

  // Filters that match nothing: reset them.
  await page.goto('main/dict-management?code=no-such-code')
  await expect(page.getByTestId('list-empty')).toContainText('No rows match the filters.')
  await page.getByTestId('list-empty').getByRole('button', { name: 'Reset filters' }).click()
  await expect(page).toHaveURL(/\/main\/dict-management$/)
  await expect(rows(page).first()).toBeVisible()
})
