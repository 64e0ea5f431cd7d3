import { expect, test, type Page } from '@playwright/test'
import { expectAccessible, toast } from './fixtures'
import { menuLink, signInViaApi } from './shellSupport'

/**
 * The form library's "leave without saving?" guard (docs/list-and-form-pattern.md, A form
 * screen): a form with unsaved changes asks before the route changes (menu, Back, the tab's
 * close button) and before the browser tab closes; Stay keeps what was typed, Leave goes; a
 * saved or untouched form never asks.
 */
test.describe.configure({ mode: 'serial' })

const leaveDialog = (page: Page) => page.getByRole('alertdialog', { name: 'Leave without saving?' })
const code = (page: Page) => page.getByLabel('Code', { exact: true })

/** Dictionaries by the menu, then Add: in-app moves only, so Back stays inside the console. */
async function openNewDictionary(page: Page) {
  await menuLink(page, 'Dictionaries').click()
  await expect(page.getByRole('heading', { name: 'Dictionaries', level: 1 })).toBeVisible()
  await page.getByRole('button', { name: 'Add', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Add dictionary', level: 1 })).toBeVisible()
  await expect(code(page)).toBeFocused()
}

test('route change: the menu and Back ask; Stay keeps the value, Leave goes', async ({
  page,
  baseURL,
}) => {
  await signInViaApi(page, 'admin', baseURL!, 'main/dict-management')
  await openNewDictionary(page)

  // Untouched: nothing to lose, no question.
  await menuLink(page, 'System parameters').click()
  await expect(page).toHaveURL(/\/main\/parameter-management/)
  await expect(leaveDialog(page)).toHaveCount(0)

  await openNewDictionary(page)
  await page.keyboard.type('e2e_guard')

  // The menu: asked, in the user's language, focus on Stay; Stay keeps the page and the value.
  await menuLink(page, 'System parameters').click()
  await expect(leaveDialog(page)).toBeVisible()
  await expect(leaveDialog(page).getByRole('button', { name: 'Stay' })).toBeFocused()
  await expectAccessible(page)
  await page.keyboard.press('Enter')
  await expect(leaveDialog(page)).toHaveCount(0)
  await expect(page).toHaveURL(/\/main\/dict-management-save$/)
  await expect(code(page)).toHaveValue('e2e_guard')

  // Back: asked too; Esc is Stay.
  await page.goBack()
  await expect(leaveDialog(page)).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(leaveDialog(page)).toHaveCount(0)
  await expect(page).toHaveURL(/\/main\/dict-management-save$/)
  await expect(code(page)).toHaveValue('e2e_guard')

  // Typed back to what it was: not a change, no question.
  await code(page).fill('')
  await menuLink(page, 'System parameters').click()
  await expect(page).toHaveURL(/\/main\/parameter-management/)
  await expect(leaveDialog(page)).toHaveCount(0)

  // Leave goes where the user asked.
  await openNewDictionary(page)
  await page.keyboard.type('e2e_guard')
  await menuLink(page, 'System parameters').click()
  await leaveDialog(page).getByRole('button', { name: 'Leave' }).click()
  await expect(page).toHaveURL(/\/main\/parameter-management/)
  await expect(page.getByRole('heading', { name: 'System parameters', level: 1 })).toBeVisible()
})

test('a saved form does not ask, whether it navigates or stays', async ({ page, baseURL }) => {
  await signInViaApi(page, 'admin', baseURL!, 'main/dict-management')
  await openNewDictionary(page)
  await page.keyboard.type('e2e_guard_saved')
  await page.keyboard.press('Tab')
  await page.keyboard.type('Guarded and saved')
  await page.keyboard.press('Enter')
  await expect(toast(page)).toContainText('Added successfully')
  await expect(page).toHaveURL(/\/main\/dict-management(\?|$)/)
  await expect(leaveDialog(page)).toHaveCount(0)

  // The profile stays on its page after a save; what was saved is the new starting point.
  await page.goto('main/settings-profile')
  const nick = page.getByLabel('Nick name', { exact: true })
  const original = await nick.inputValue()
  await nick.fill(`${original} (guard)`)
  await nick.press('Enter')
  await expect(toast(page)).toContainText('Saved successfully')
  await menuLink(page, 'Dictionaries').click()
  await expect(page).toHaveURL(/\/main\/dict-management/)
  await expect(leaveDialog(page)).toHaveCount(0)

  // Put the name back (and check a changed-then-saved profile is clean again too).
  await page.goto('main/settings-profile')
  await page.getByLabel('Nick name', { exact: true }).fill(original)
  await page.getByLabel('Nick name', { exact: true }).press('Enter')
  await expect(toast(page)).toContainText('Saved successfully')
})

test('closing the form’s tab asks; Stay keeps the tab and the value', async ({ page, baseURL }) => {
  await signInViaApi(page, 'admin', baseURL!, 'main/dict-management')
  await openNewDictionary(page)
  await page.keyboard.type('e2e_guard_tab')
  const close = page.getByTestId('tab-bar').getByRole('button', { name: 'Close Add dictionary' })

  await close.click()
  await expect(leaveDialog(page)).toBeVisible()
  await leaveDialog(page).getByRole('button', { name: 'Stay' }).click()
  await expect(page).toHaveURL(/\/main\/dict-management-save$/)
  await expect(code(page)).toHaveValue('e2e_guard_tab')
  await expect(close).toBeVisible()

  await close.click()
  await leaveDialog(page).getByRole('button', { name: 'Leave' }).click()
  await expect(page).not.toHaveURL(/dict-management-save/)
  await expect(close).toHaveCount(0)
})

test('closing the browser tab with unsaved changes gets the browser’s prompt', async ({
  page,
  baseURL,
}) => {
  await signInViaApi(page, 'admin', baseURL!, 'main/dict-management')
  await openNewDictionary(page)
  await page.keyboard.type('e2e_guard_unload')

  const prompt = page.waitForEvent('dialog')
  await page.close({ runBeforeUnload: true })
  const dialog = await prompt
  expect(dialog.type()).toBe('beforeunload')
  await dialog.dismiss()
  await expect(code(page)).toHaveValue('e2e_guard_unload')

  // Untouched again: the tab closes without a prompt.
  await code(page).fill('')
  let asked = false
  page.on('dialog', (d) => {
    asked = true
    void d.accept()
  })
  await page.close({ runBeforeUnload: true })
  await expect.poll(() => page.isClosed()).toBe(true)
  expect(asked).toBe(false)
})
