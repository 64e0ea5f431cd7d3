import { expect, test, type Page } from '@playwright/test'
import { apiCall, apiToken } from './api'
import { expectAccessible, toast, USERS } from './fixtures'
import { arrowTo, treeItem } from './roleTree'

/**
 * The role screen by keyboard only (issue 20): a new role with two screens and one button,
 * chosen in the permission tree (arrows, Space), the server's preview of the change, the save.
 */

async function signInByKeyboard(page: Page) {
  await page.goto('login')
  await expect(page.getByLabel('Account', { exact: true })).toBeFocused()
  await page.keyboard.type(USERS.admin.loginName)
  await page.keyboard.press('Tab')
  await page.keyboard.type(USERS.admin.password)
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/main\/index$/)
}

const item = treeItem

test('keyboard only: a role with two screens and one button, its changes previewed, saved', async ({
  page,
}) => {
  test.setTimeout(180_000)
  await signInByKeyboard(page)
  await page.goto('main/role-management')
  await expect(page.getByRole('heading', { name: 'Roles', level: 1 })).toBeVisible()

  // N opens the form with the name's focus.
  await expect(async () => {
    await page.keyboard.press('n')
    await expect(page).toHaveURL(/\/main\/role-management-save$/, { timeout: 1000 })
  }).toPass()
  await expect(page.getByLabel('Role name', { exact: true })).toBeFocused()
  await expect(page.getByRole('tree')).toBeVisible()
  await page.keyboard.type('E2E keyboard role')
  await page.keyboard.press('Tab')
  await page.keyboard.type('Made with the keyboard')

  // Nothing ticked yet: the spec's message, under the tree.
  await page.keyboard.press('ControlOrMeta+Enter')
  await expect(page.getByText('Menu permissions are not assigned')).toBeVisible()

  // Into the tree: one tab stop past the all-merchant box.
  await page.getByLabel('Description', { exact: true }).focus()
  await page.keyboard.press('Tab')
  await page.keyboard.press('Tab')
  await expect(page.getByRole('tree').getByRole('treeitem').first()).toBeFocused()

  // A page without buttons: Space ticks it.
  await arrowTo(page, 'Dashboard')
  await page.keyboard.press('Space')
  await expect(item(page, 'Dashboard')).toHaveAttribute('aria-checked', 'true')

  // A page's button: typing its first letters goes to the page (type-ahead), → opens it, ↓ to
  // Add, Space ticks it; the page is half ticked.
  await page.keyboard.type('Dictionaries')
  await expect(item(page, 'Dictionaries')).toBeFocused()
  await expect(item(page, 'Dictionaries')).toHaveAttribute('aria-expanded', 'false')
  await page.keyboard.press('ArrowRight')
  await expect(item(page, 'Dictionaries')).toHaveAttribute('aria-expanded', 'true')
  await page.keyboard.press('ArrowRight')
  await expect(item(page, 'Add').first()).toBeFocused()
  await page.keyboard.press('Space')
  const dictionaries = item(page, 'Dictionaries')
  await expect(dictionaries).toHaveAttribute('aria-checked', 'mixed')
  await expect(dictionaries.getByRole('treeitem', { name: 'Add' })).toHaveAttribute(
    'aria-checked',
    'true',
  )
  await expect(item(page, 'System administration')).toHaveAttribute('aria-checked', 'mixed')
  // ← goes back to the page; Space on a half ticked page would tick all of it: not wanted here.
  await page.keyboard.press('ArrowLeft')
  await expect(dictionaries).toBeFocused()
  await expectAccessible(page)

  // Review: Tab leaves the tree for the form's submit; the server previews the change.
  await page.keyboard.press('Tab')
  await expect(page.getByRole('button', { name: 'Review changes' })).toBeFocused()
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: 'Save these changes?' })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByTestId('role-menusAdded')).toContainText('Dashboard')
  await expect(dialog.getByTestId('role-menusAdded')).toContainText('Dictionaries')
  await expect(dialog.getByTestId('role-menusAdded')).toContainText('Save dictionary')
  await expect(dialog.getByTestId('role-buttonsAdded').getByRole('listitem')).toHaveText([
    'Dictionaries › Add',
  ])
  await expect(dialog.getByTestId('role-menusRemoved')).toHaveCount(0)
  await expect(dialog).toContainText('0 administrators hold this role')
  await expectAccessible(page)

  // Save, from the keyboard.
  const save = dialog.getByRole('button', { name: 'Save', exact: true })
  for (let i = 0; i < 5 && !(await save.evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press('Tab')
  await expect(save).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(toast(page)).toContainText('Added successfully')
  await expect(page).toHaveURL(/\/main\/role-management/)
  await expect(page.getByRole('cell', { name: 'E2E keyboard role', exact: true })).toBeVisible()

  // The role's own history, below its form: the creation, by whom.
  await page.getByRole('cell', { name: 'E2E keyboard role', exact: true }).click()
  await page.keyboard.press('Enter')
  const history = page.getByTestId('object-history')
  await expect(history).toContainText('Added role')
  await expect(history).toContainText('admin')
})

test('the company picker: Platform for the platform administrator, or a company; a taken name is said under the field', async ({
  page,
}) => {
  await signInByKeyboard(page)
  await page.goto('main/role-management-save')
  const owner = page.getByRole('combobox', { name: 'Company' })
  await expect(owner).toHaveText('Platform')
  // A company instead, by keyboard: open, one down, pick.
  await owner.focus()
  await page.keyboard.press('Enter')
  const listbox = page.getByRole('listbox')
  await expect(listbox.getByRole('option').first()).toHaveText('Platform')
  const company = listbox.getByRole('option').nth(1)
  const companyName = (await company.textContent())!.trim()
  await company.focus()
  await page.keyboard.press('Enter')
  await expect(listbox).toHaveCount(0)
  await expect(owner).toContainText(companyName)

  // A name another role has: the server's words, under the name.
  const name = page.getByLabel('Role name', { exact: true })
  await name.fill('Platform administrator')
  await page.getByRole('tree').getByRole('treeitem').first().focus()
  await arrowTo(page, 'Dashboard')
  await page.keyboard.press('Space')
  await name.focus()
  await page.keyboard.press('Enter')
  await expect(name).toHaveAttribute('aria-invalid', 'true')
  await expect(
    page.getByText(
      'A role with this name already exists (role names are unique across the platform)',
    ),
  ).toBeVisible()
})

test('the permission tree in both languages and themes (screenshots)', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(240_000)
  const token = await apiToken(request)
  const list = await apiCall<{ list: { id: number; name: string }[] }>(
    request,
    token,
    '/role/list',
    { filters: { name: 'Company administrator' } },
  )
  const roleId = list.list[0].id
  await signInByKeyboard(page)
  const session = await page.evaluate(() => localStorage.getItem('vcc.user'))
  const { baseURL, viewport } = test.info().project.use
  for (const [lang, short] of [
    ['en-US', 'en'],
    ['zh-CN', 'zh'],
  ] as const) {
    for (const theme of ['light', 'dark'] as const) {
      const context = await browser.newContext({
        baseURL,
        viewport: viewport ?? { width: 1280, height: 900 },
      })
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
      await shot.goto(`main/role-management-save?id=${roleId}`)
      const heading = lang === 'en-US' ? 'Edit role' : '编辑角色'
      await expect(shot.getByRole('heading', { level: 1 })).toHaveText(heading, { timeout: 30_000 })
      const cards = shot.getByRole('treeitem', {
        name: lang === 'en-US' ? 'Cardholders' : '持卡人管理',
        exact: true,
      })
      await expect(shot.getByRole('tree')).toBeVisible({ timeout: 30_000 })
      if (await cards.count()) {
        await cards.focus()
        await shot.keyboard.press('ArrowRight')
      }
      if (lang === 'zh-CN') await expectAccessible(shot)
      const file = `roles-tree-${short}-${theme}.png`
      await shot.getByRole('tree').scrollIntoViewIfNeeded()
      await shot.screenshot({ path: `/tmp/roles/${file}`, fullPage: true })
      await shot.screenshot({ path: `docs/screenshots/${file}`, fullPage: true })
      await context.close()
    }
  }
})
