import { expect, test, type Page } from '@playwright/test'
import { expectAccessible, signIn, toast, toastError, USERS } from './fixtures'

/** System parameters: the list and form pattern again, built-in parameters read-only. */

test.describe.configure({ mode: 'serial' })

const total = (page: Page) => page.getByTestId('list-total')

test('add, edit and delete a parameter; the form checks its fields @smoke', async ({ page }) => {
  await signIn(page, USERS.admin)
  await page.goto('main/parameter-management')
  await expect(page.getByRole('heading', { name: 'System parameters', level: 1 })).toBeVisible()
  await expect(page).toHaveTitle('System parameters - VCC Management Platform')
  await expectAccessible(page)

  await page.keyboard.press('n')
  await expect(page.getByRole('heading', { name: 'Add system parameter' })).toBeVisible()
  await expectAccessible(page)
  await page.getByLabel('Name', { exact: true }).press('Enter')
  await expect(page.getByText('Cannot be empty')).toHaveCount(2)
  // Default maximum lengths: 100 for a text input, 500 for the value and the textarea.
  await expect(page.getByLabel('Name', { exact: true })).toHaveAttribute('maxlength', '100')
  await expect(page.getByLabel('Value', { exact: true })).toHaveAttribute('maxlength', '500')
  await expect(page.getByLabel('Description', { exact: true })).toHaveAttribute('maxlength', '500')

  await page.getByLabel('Name', { exact: true }).fill('e2e.sample')
  await page.getByLabel('Value', { exact: true }).fill('42')
  await page.getByLabel('Description', { exact: true }).fill('A parameter of the e2e suite')
  await page.getByLabel('Value', { exact: true }).press('Enter')
  await expect(toast(page)).toContainText('Added successfully')

  await page.goto('main/parameter-management?name=e2e.sample')
  await expect(total(page)).toHaveText('Total 1')
  await page.keyboard.press('j')
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { name: 'Edit system parameter' })).toBeVisible()
  await page.getByLabel('Value', { exact: true }).fill('43')
  await page.getByLabel('Value', { exact: true }).press('Enter')
  await expect(toast(page)).toContainText('Modified successfully')
  await expect(page.getByRole('row', { name: /e2e\.sample/ })).toContainText('43')

  await page.keyboard.press('j')
  await page.keyboard.press('x')
  await page.keyboard.press('Shift+D')
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).press('Enter')
  await expect(toast(page)).toContainText('Deleted successfully')
  await expect(total(page)).toHaveText('Total 0')
})

test('a built-in parameter opens read-only and cannot be deleted', async ({ page }) => {
  await signIn(page, USERS.admin)
  await page.goto('main/parameter-management?name=mail.reset_link_minutes')
  await expect(page.getByRole('row', { name: /mail\.reset_link_minutes/ })).toContainText(
    'Built in',
  )
  // Refused before the confirmation: nothing is asked in vain, ticked or on the cursor row.
  await page.keyboard.press('j')
  await page.keyboard.press('x')
  await page.keyboard.press('Shift+D')
  await expect(toastError(page)).toContainText(
    'Built-in parameters cannot be deleted: mail.reset_link_minutes',
  )
  await expect(page.getByRole('alertdialog')).toHaveCount(0)
  await page.keyboard.press('x')
  await expect(page.locator('tbody tr[aria-selected="true"]')).toHaveCount(0)
  await page.keyboard.press('Shift+D')
  await expect(toastError(page)).toContainText('Built-in parameters cannot be deleted')
  await expect(page.getByRole('alertdialog')).toHaveCount(0)
  await expect(total(page)).toHaveText('Total 1')

  await page.keyboard.press('j')
  await expect(page.locator('tbody tr[data-row-index="0"]')).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('param-built-in')).toContainText('can be viewed but not changed')
  await expect(page.getByLabel('Value', { exact: true })).toHaveAttribute('readonly', '')
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeDisabled()
  await expectAccessible(page)
})

test('the auditor sees the view-only message', async ({ page }) => {
  await signIn(page, USERS.auditor)
  await page.goto('main/parameter-management')
  await expect(page.getByTestId('view-only')).toHaveText(
    'Your current account does not have permission to save changes (view only)',
  )
  for (const name of ['Add', 'Edit', 'Delete']) {
    await expect(page.getByRole('button', { name, exact: true })).toBeDisabled()
  }
  await page.keyboard.press('j')
  await page.keyboard.press('x')
  await page.keyboard.press('Shift+D')
  await expect(toastError(page)).toContainText('(view only)')
  await expect(page.getByRole('alertdialog')).toHaveCount(0)
})

test('zh-CN', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('vcc.language', JSON.stringify('zh-CN')))
  await signIn(page)
  await page.goto('main/parameter-management')
  await expect(page.getByRole('columnheader', { name: /名称/ })).toBeVisible()
  await expect(page.getByRole('button', { name: '新增' })).toBeVisible()
  await expect(total(page)).toContainText('共')
  await expectAccessible(page)
})
