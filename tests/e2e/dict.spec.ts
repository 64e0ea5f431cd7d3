import { expect, test, type Page } from '@playwright/test'
import { apiToken, seedDict } from './api'
import { expectAccessible, toast, toastError, USERS } from './fixtures'

/**
 * The dictionary screens, the reference list and form pattern, driven by the keyboard only:
 * every step below is page.keyboard or a focus/goto, never a mouse event.
 */

const PAGING_ROWS = 11
/**
 * The dictionary the keyboard tests create, one per attempt: a retried run (CI retries the
 * serial group once) would find the first attempt's and be refused as a duplicate.
 */
const kbCode = () => `e2e_kb${test.info().retry}`

test.describe.configure({ mode: 'serial' })

test.beforeAll(async ({ request }) => {
  const token = await apiToken(request)
  for (let i = 1; i <= PAGING_ROWS; i++) {
    const n = String(i).padStart(2, '0')
    await seedDict(request, token, {
      code: `e2e_page_${n}`,
      name: `Paging ${n}`,
      type: 'e2e',
    })
  }
})

async function signInByKeyboard(page: Page, user: { loginName: string; password: string }) {
  await page.goto('login')
  // The account field has the focus when the page opens.
  await expect(page.getByLabel('Account', { exact: true })).toBeFocused()
  await page.keyboard.type(user.loginName)
  await page.keyboard.press('Tab')
  await page.keyboard.type(user.password)
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/main\/index$/)
}

const total = (page: Page) => page.getByTestId('list-total')
const pageInfo = (page: Page) => page.getByTestId('list-page')
const rows = (page: Page) => page.locator('tbody tr[data-row-index]')

/** The list has its rows for the current URL (not the previous page's, kept while loading). */
async function settled(page: Page) {
  await expect(page.getByTestId('list-table')).not.toHaveAttribute('aria-busy', 'true')
}

/** Focus the first filter (/), replace its text, apply (Enter), then back to the rows (Esc). */
async function filterCode(page: Page, text: string) {
  // The list's keys work once its screen has loaded (it loads after the URL changes).
  const field = page.getByRole('search').getByLabel('Code', { exact: true })
  await expect(async () => {
    if (!(await field.evaluate((el) => el === document.activeElement))) {
      await page.keyboard.press('/')
    }
    await expect(field).toBeFocused({ timeout: 1000 })
  }).toPass()
  await page.keyboard.press('ControlOrMeta+a')
  await page.keyboard.type(text)
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(new RegExp(`code=${text}`))
  await settled(page)
  await expect(rows(page).first()).toContainText(text)
  await page.keyboard.press('Escape')
}

/** Tab until the element named `name` has the focus (the keyboard's way to reach a control). */
async function tabTo(page: Page, name: string, max = 30) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab')
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLButtonElement | null
      const label = el?.labels?.[0]?.textContent
      return el?.getAttribute('aria-label') ?? label ?? el?.textContent?.trim() ?? ''
    })
    if (focused === name) return
  }
  throw new Error(`could not reach ${name} with Tab`)
}

test('keyboard only: create, filter, edit, sort, page, select, delete', async ({ page }) => {
  await signInByKeyboard(page, USERS.admin)
  await page.goto('main/dict-management')
  await expect(page.getByRole('heading', { name: 'Dictionaries', level: 1 })).toBeVisible()

  // Create: N opens the form, the first field has the focus, Enter saves.
  await page.keyboard.press('n')
  await expect(page).toHaveURL(/\/main\/dict-management-save$/)
  await expect(page.getByLabel('Code', { exact: true })).toBeFocused()
  await page.keyboard.type(kbCode())
  await page.keyboard.press('Tab')
  await page.keyboard.type('Keyboard dictionary')
  await page.keyboard.press('Enter')
  await expect(toast(page)).toContainText('Added successfully')
  await expect(page).toHaveURL(/\/main\/dict-management/)
  // Back on the list, its cursor row has the keyboard (the list keys work from there).
  await expect(page.locator('tbody tr[data-row-index]:focus')).toHaveCount(1)

  // The same code again is refused by the server, under the field.
  await page.keyboard.press('n')
  await expect(page.getByRole('heading', { name: 'Add dictionary', level: 1 })).toBeVisible()
  await page.keyboard.type(kbCode())
  await page.keyboard.press('Tab')
  await page.keyboard.type('Twice')
  await page.keyboard.press('Enter')
  await expect(page.getByText(/Duplicate item exists/)).toBeVisible()
  // The refused form still holds what was typed: leaving asks first (Stay has the focus).
  await page.goBack()
  await expect(page.getByRole('alertdialog', { name: 'Leave without saving?' })).toBeVisible()
  await page.keyboard.press('Tab')
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/main\/dict-management(\?|$)/)

  // Filter: / focuses the filter; Enter applies it (into the URL); Esc returns to the rows.
  await filterCode(page, kbCode())
  await expect(total(page)).toHaveText('Total 1')
  await expect(rows(page).first()).toBeFocused()

  // Edit with nothing ticked and the keyboard off the rows: the spec's "please Select Row"
  // (on a row, E edits the cursor row: see list.spec.ts). J brings the focus back.
  await page.keyboard.press('Tab')
  await expect(rows(page).first()).not.toBeFocused()
  await page.keyboard.press('e')
  await expect(toastError(page)).toContainText('please Select Row')
  await page.keyboard.press('j')
  await expect(rows(page).first()).toBeFocused()

  // Select (X) and edit (E); back on the list with the same filter.
  await page.keyboard.press('x')
  await expect(rows(page).first()).toHaveAttribute('aria-selected', 'true')
  await page.keyboard.press('e')
  await expect(page).toHaveURL(/\/main\/dict-management-save\?id=\d+$/)
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Keyboard dictionary')
  await page.keyboard.press('Tab')
  await page.keyboard.press('ControlOrMeta+a')
  await page.keyboard.type('Keyboard dictionary edited')
  await page.keyboard.press('Enter')
  await expect(toast(page)).toContainText('Modified successfully')
  await expect(page).toHaveURL(new RegExp(`code=${kbCode()}`))
  await expect(rows(page).first()).toContainText('Keyboard dictionary edited')

  // Paging: 11 rows at 10 a page; Shift+. and Shift+, step through the pages.
  await filterCode(page, 'e2e_page')
  await expect(total(page)).toHaveText(`Total ${PAGING_ROWS}`)
  await expect(pageInfo(page)).toHaveText('Page 1 of 2')
  await expect(rows(page)).toHaveCount(10)
  await page.keyboard.press('Shift+Period')
  await expect(pageInfo(page)).toHaveText('Page 2 of 2')
  await expect(rows(page)).toHaveCount(1)
  await expect(page).toHaveURL(/pageNum=2/)
  await page.keyboard.press('Shift+Comma')
  await expect(pageInfo(page)).toHaveText('Page 1 of 2')

  // Sort: Tab to the Code header's button; Enter sorts ascending, then descending.
  await page.keyboard.press('/')
  await tabTo(page, 'Sort by Code')
  const codeHeader = page.getByRole('columnheader', { name: /Code/ })
  await page.keyboard.press('Enter')
  await expect(codeHeader).toHaveAttribute('aria-sort', 'ascending')
  await page.keyboard.press('Enter')
  await expect(codeHeader).toHaveAttribute('aria-sort', 'descending')
  await expect(page).toHaveURL(/sort=code&order=desc|order=desc.*sort=code/)
  await expect(rows(page).first()).toContainText('e2e_page_11')

  // Page size: Tab to "Rows per page", open it, pick 20: one page.
  await tabTo(page, 'Rows per page')
  await page.keyboard.press('Enter')
  await expect(page.getByRole('option', { name: '10', exact: true })).toBeFocused()
  await page.keyboard.press('ArrowDown')
  await expect(page.getByRole('option', { name: '20', exact: true })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(pageInfo(page)).toHaveText('Page 1 of 1')
  await expect(rows(page)).toHaveCount(PAGING_ROWS)

  // Select two rows (J moves, X ticks) and delete them after the confirmation. The closed
  // select hands focus back to its trigger first.
  await expect(page.getByLabel('Rows per page', { exact: true })).toBeFocused()
  await page.keyboard.press('j')
  await expect(rows(page).first()).toBeFocused()
  await page.keyboard.press('x')
  await page.keyboard.press('j')
  await expect(rows(page).nth(1)).toBeFocused()
  await page.keyboard.press('x')
  await expect(page.locator('tbody tr[aria-selected="true"]')).toHaveCount(2)

  // Esc in the confirmation deletes nothing.
  await page.keyboard.press('Shift+D')
  const dialog = page.getByRole('alertdialog')
  await expect(dialog).toContainText('e2e_page_11, e2e_page_10')
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(total(page)).toHaveText(`Total ${PAGING_ROWS}`)

  await page.keyboard.press('Shift+D')
  await expect(dialog).toBeVisible()
  await page.keyboard.press('Tab')
  await expect(dialog.getByRole('button', { name: 'Delete' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(toast(page)).toContainText('Deleted successfully')
  await expect(total(page)).toHaveText(`Total ${PAGING_ROWS - 2}`)
  await expect(rows(page).first()).toContainText('e2e_page_09')
})

test('keyboard only: Enter opens the values; add and open a value', async ({ page }) => {
  await signInByKeyboard(page, USERS.admin)
  await page.goto(`main/dict-management?code=${kbCode()}`)
  await expect(total(page)).toHaveText('Total 1')
  await page.keyboard.press('j')
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/main\/dict-dt-management\?dictId=\d+$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    `Values of ${kbCode()} (Keyboard dictionary edited)`,
  )
  await expect(total(page)).toHaveText('Total 0')

  await page.keyboard.press('n')
  await expect(page).toHaveURL(/\/main\/dict-dt-management-save\?dictId=\d+$/)
  await expect(page.getByLabel('Code', { exact: true })).toBeFocused()
  await page.keyboard.type('gold')
  await page.keyboard.press('Tab')
  await page.keyboard.type('Gold tier')
  await page.keyboard.press('Tab')
  await page.keyboard.press('ControlOrMeta+a')
  await page.keyboard.type('x1')
  await page.keyboard.press('Enter')
  await expect(page.getByText('Must be number')).toBeVisible()
  await expect(page.getByLabel('Sequence', { exact: true })).toBeFocused()
  await page.keyboard.press('ControlOrMeta+a')
  await page.keyboard.type('5')
  await page.keyboard.press('Enter')
  await expect(toast(page)).toContainText('Added successfully')
  await expect(page).toHaveURL(/\/main\/dict-dt-management\?dictId=\d+/)
  await expect(total(page)).toHaveText('Total 1')

  // Enter on a value opens it for editing.
  await page.keyboard.press('j')
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/main\/dict-dt-management-save\?dictId=\d+&id=\d+$/)
  await expect(page.getByLabel('Code', { exact: true })).toHaveValue('gold')
  await expect(page.getByLabel('Sequence', { exact: true })).toHaveValue('5')
  await expectAccessible(page)
})

test('the palette offers the screen actions', async ({ page }) => {
  await signInByKeyboard(page, USERS.admin)
  await page.goto('main/dict-management')
  await expect(total(page)).toBeVisible()
  await page.keyboard.press('ControlOrMeta+k')
  const palette = page.getByTestId('palette')
  await expect(palette).toBeVisible()
  await page.keyboard.type('Add')
  await expect(palette.getByRole('option', { name: /^Add/ }).first()).toBeVisible()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/main\/dict-management-save$/)
})

test('column setup by keyboard, kept after a reload', async ({ page }) => {
  await signInByKeyboard(page, USERS.admin)
  await page.goto('main/dict-management')
  await expect(page.getByRole('columnheader', { name: 'Type' })).toBeVisible()
  await page.keyboard.press('/')
  await tabTo(page, 'Columns')
  await page.keyboard.press('Enter')
  const menu = page.getByRole('menu')
  await expect(menu).toBeVisible()
  // The menu's type-ahead takes the focus to the first item starting with T, the Type
  // checkbox; Enter toggles it and the menu stays open. (Walking with ArrowDown and reading
  // the focus raced the menu's own focus handling under load and toggled the next column.)
  const typeItem = menu.getByRole('menuitemcheckbox', { name: 'Type' })
  await page.keyboard.press('t')
  await expect(typeItem).toBeFocused()
  // The header goes at once (optimistic); the reload waits for the server to have the setup.
  const saved = page.waitForResponse((r) => r.url().endsWith('/column/save') && r.ok())
  await page.keyboard.press('Enter')
  await expect(typeItem).toHaveAttribute('aria-checked', 'false')
  await page.keyboard.press('Escape')
  // While the menu is open the page behind it is hidden from the accessibility tree: count
  // the headers once it has closed.
  await expect(menu).toBeHidden()
  await expect(page.getByRole('columnheader', { name: 'Type' })).toHaveCount(0)
  await expect(page.getByRole('columnheader', { name: 'Remark' })).toBeVisible()
  await saved
  await page.reload()
  await expect(page.getByRole('columnheader', { name: /Name$/ })).toBeVisible()
  await expect(page.getByRole('columnheader', { name: 'Remark' })).toBeVisible()
  await expect(page.getByRole('columnheader', { name: 'Type' })).toHaveCount(0)
  // Kept on the server for this user: put the columns back for the other tests.
  await page.keyboard.press('/')
  await tabTo(page, 'Columns')
  await page.keyboard.press('Enter')
  await page.getByRole('menuitem', { name: /^Reset columns/ }).focus()
  const reset = page.waitForResponse((r) => r.url().endsWith('/column/save') && r.ok())
  await page.keyboard.press('Enter')
  await expect(page.getByRole('columnheader', { name: 'Type' })).toBeVisible()
  await reset
})

test('the auditor sees the view-only message and cannot write', async ({ page }) => {
  await signInByKeyboard(page, USERS.auditor)
  await page.goto('main/dict-management')
  const viewOnly = 'Your current account does not have permission to save changes (view only)'
  await expect(page.getByTestId('view-only')).toHaveText(viewOnly)
  await expect(page.getByRole('button', { name: 'Add', exact: true })).toBeDisabled()
  await page.keyboard.press('n')
  await expect(toastError(page)).toContainText(viewOnly)
  await expect(page).toHaveURL(/\/main\/dict-management$/)

  // A record still opens, read-only.
  await page.goto('main/dict-management-save?id=1')
  await expect(page.getByTestId('view-only')).toHaveText(viewOnly)
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeDisabled()
  await expectAccessible(page)
})

test('axe, zh-CN and screenshots of the dictionary list', async ({ page, browser }) => {
  // Six axe scans and four screenshots: more than the default minute on a busy machine.
  test.slow()
  await signInByKeyboard(page, USERS.admin)
  for (const path of [
    'main/dict-management',
    'main/dict-management-save',
    'main/dict-dt-management?dictId=1',
    'main/dict-dt-management-save?dictId=1',
    'main/dict-dt-management',
  ]) {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expectAccessible(page)
  }

  const session = await page.evaluate(() => localStorage.getItem('vcc.user'))
  const { baseURL, viewport } = test.info().project.use
  for (const [lang, short] of [
    ['en-US', 'en'],
    ['zh-CN', 'zh'],
  ] as const) {
    for (const theme of ['light', 'dark'] as const) {
      const context = await browser.newContext({ baseURL, viewport })
      const shot = await context.newPage()
      await shot.addInitScript(
        ([l, t, user]) => {
          localStorage.setItem('vcc.language', JSON.stringify(l))
          localStorage.setItem('vcc.theme', JSON.stringify(t))
          if (user) localStorage.setItem('vcc.user', user)
          localStorage.setItem('vcc.activity', JSON.stringify(Date.now()))
        },
        [lang, theme, session] as const,
      )
      await shot.goto('main/dict-management?type=e2e')
      await expect(shot.getByRole('heading', { level: 1 })).toHaveText(
        lang === 'en-US' ? 'Dictionaries' : '字典管理',
      )
      await expect(shot.getByTestId('list-total')).toHaveText(
        lang === 'en-US' ? 'Total 9' : '共 9 条',
      )
      if (lang === 'zh-CN') await expectAccessible(shot)
      await shot.screenshot({ path: `docs/screenshots/dict-list-${short}-${theme}.png` })
      await context.close()
    }
  }
})
