import { expect, test } from '@playwright/test'
import { toast, toastError } from './fixtures'
import { signInViaApi } from './shellSupport'

/**
 * module-management, button-management and opt-information by keyboard: the platform
 * administrator renames a module (the Buttons screen, which no other spec reads) and the side
 * menu shows the new name, and renames a button in its dialog;
 * opt-information lists this instance and the database. Screenshots of both screens in both
 * languages to /tmp/modules/.
 */
test('admin: module-management renames a module by keyboard; the side menu follows', async ({
  page,
  baseURL,
}) => {
  await signInViaApi(page, 'admin', baseURL!, 'main/module-management?name=Buttons')
  await expect(page.getByTestId('list-total')).toHaveText('Total 1')
  // A built-in module is never deleted: refused before any confirmation.
  await page.keyboard.press('j')
  await page.keyboard.press('Shift+D')
  await expect(toastError(page)).toContainText('Built-in modules cannot be deleted: Buttons')
  await expect(page.getByRole('alertdialog')).toHaveCount(0)

  await page.keyboard.press('j')
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/module-management-save\?id=/)
  await expect(page.getByLabel('URL', { exact: true })).toBeDisabled()
  // Fixed codes are chosen by their labels.
  await expect(page.getByRole('combobox', { name: 'Position' })).toHaveText('Side menu (2)')
  const name = page.getByLabel('Name (English)')
  await name.focus()
  await page.keyboard.press('ControlOrMeta+a')
  await page.keyboard.type('Button names')
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/main\/module-management(\?|$)/)
  const menu = page.getByRole('navigation', { name: 'Main menu' })
  await expect(menu.getByRole('link', { name: 'Button names' })).toBeVisible()

  // Back as it was.
  await page.goto('main/module-management?name=Button%20names')
  await expect(page.getByTestId('list-total')).toHaveText('Total 1')
  await page.keyboard.press('j')
  await page.keyboard.press('Enter')
  await page.getByLabel('Name (English)').focus()
  await page.keyboard.press('ControlOrMeta+a')
  await page.keyboard.type('Buttons')
  await page.keyboard.press('Enter')
  await expect(menu.getByRole('link', { name: 'Buttons', exact: true })).toBeVisible()
})

test('admin: a group is added with the form and deleted from the list', async ({
  page,
  baseURL,
}) => {
  await signInViaApi(page, 'admin', baseURL!, 'main/module-management')
  await page.keyboard.press('n')
  await expect(page.getByRole('heading', { name: 'Add module' })).toBeVisible()
  await expect(page.getByRole('combobox', { name: 'Category' })).toHaveText('Group')
  await expect(page.getByLabel('URL', { exact: true })).toBeDisabled()
  await page.getByLabel('Name (English)').fill('E2E shelf')
  await page.getByLabel('Name (简体中文)').fill('端到端分组')
  await page.getByLabel('Name (简体中文)').press('Enter')
  await expect(toast(page)).toContainText('Added successfully')

  await page.goto('main/module-management?name=E2E%20shelf')
  await expect(page.getByTestId('list-total')).toHaveText('Total 1')
  await expect(page.getByRole('row', { name: /E2E shelf/ })).toContainText('Group')
  await page.keyboard.press('j')
  await page.keyboard.press('Shift+D')
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).press('Enter')
  await expect(toast(page)).toContainText('Deleted successfully')
  await expect(page.getByTestId('list-total')).toHaveText('Total 0')
})

test('admin: button-management renames a button in its dialog, by keyboard', async ({
  page,
  baseURL,
}) => {
  await signInViaApi(page, 'admin', baseURL!, 'main/button-management?code=dict-management:add')
  await expect(page.getByTestId('list-total')).toHaveText('Total 1')
  await page.keyboard.press('j')
  await page.keyboard.press('e')
  const dialog = page.getByRole('dialog', { name: 'Rename dict-management:add' })
  const name = dialog.getByLabel('Name (English)')
  await expect(name).toHaveValue('Add')
  await name.fill('Add a list')
  await name.press('Enter')
  await expect(toast(page)).toContainText('Button renamed')
  await expect(page.getByRole('row', { name: /dict-management:add/ })).toContainText('Add a list')

  // Back as it was.
  await page.keyboard.press('j')
  await page.keyboard.press('e')
  await dialog.getByLabel('Name (English)').fill('Add')
  await dialog.getByLabel('Name (English)').press('Enter')
  await expect(dialog).toHaveCount(0)
  await expect(page.getByRole('row', { name: /dict-management:add/ })).not.toContainText(
    'Add a list',
  )
})

test('admin: opt-information lists this instance and the database; screenshots', async ({
  page,
  baseURL,
}) => {
  await page.setViewportSize({ width: 1280, height: 1400 })
  await signInViaApi(page, 'admin', baseURL!, 'main/opt-information')
  await expect(page.getByTestId('instances').getByText('This instance')).toBeVisible()
  const refresh = page.getByRole('button', { name: 'Refresh' })
  await refresh.focus()
  await page.keyboard.press('Enter')
  await expect(
    page.getByText('Embedded PGlite').or(page.getByText('PostgreSQL')).first(),
  ).toBeVisible()
  for (const lang of ['en', 'zh'] as const) {
    await page.evaluate(
      (l) => localStorage.setItem('vcc.language', JSON.stringify(l)),
      lang === 'en' ? 'en-US' : 'zh-CN',
    )
    for (const screen of ['opt-information', 'module-management'] as const) {
      await page.goto(`${baseURL}main/${screen}`)
      await expect(page.locator('h1')).toBeVisible()
      await expect(page.getByRole('table').first()).toBeVisible()
      await page.screenshot({ path: `/tmp/modules/${screen}-${lang}.png`, fullPage: true })
    }
  }
  await page.evaluate(() => localStorage.setItem('vcc.language', JSON.stringify('en-US')))
})
