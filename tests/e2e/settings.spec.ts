import { expect, test } from '@playwright/test'
import { E2E_USERS } from './e2eUsers'
import { expectAccessible, signIn, toast, USERS } from './fixtures'

/** settings-profile (name, language, timezone, password) and the dashboard's "my account". */

test.describe.configure({ mode: 'serial' })

test('the dashboard welcomes the user and shows their account from the server', async ({
  page,
}) => {
  await signIn(page, USERS.merchant)
  await expect(
    page.getByRole('heading', { name: 'Welcome, Merchant User', level: 1 }),
  ).toBeVisible()
  const account = page.getByRole('heading', { name: 'My account' }).locator('..')
  await expect(account).toContainText('Merchant user')
  await expect(account).toContainText('Northwind Travel Pte')
  await expect(account).toContainText('Skyline Air Tickets')
  await expectAccessible(page)

  await page.evaluate(() => localStorage.clear())
  await signIn(page, USERS.admin)
  await expect(page.getByRole('heading', { name: 'My account' }).locator('..')).toContainText(
    'Platform (all companies)',
  )
})

test('password change: the rule, old ≠ new, the confirmation, then the new one works', async ({
  page,
}) => {
  const user = E2E_USERS.settings
  await signIn(page, user)
  await page.goto('main/settings-profile')
  await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible()
  await expectAccessible(page)

  const old = page.getByLabel('Current password', { exact: true })
  const next = page.getByLabel('New password', { exact: true })
  const confirm = page.getByLabel('Confirm new password', { exact: true })

  await old.fill(user.password)
  await next.fill('weak')
  await confirm.fill('weak')
  await confirm.press('Enter')
  await expect(
    page.getByText('Password must be 8 to 16 characters long (this one has 4)'),
  ).toBeVisible()

  await next.fill(user.password)
  await confirm.fill(user.password)
  await confirm.press('Enter')
  await expect(
    page.getByText('The new password cannot be the same as the old password'),
  ).toBeVisible()

  await next.fill('Changed@2026')
  await confirm.fill('Changed@2027')
  await confirm.press('Enter')
  await expect(
    page.getByText('The passwords entered are different, please try again'),
  ).toBeVisible()

  await old.fill('Wrong@000000')
  await confirm.fill('Changed@2026')
  await confirm.press('Enter')
  await expect(page.locator('form [role="alert"]')).toHaveText('The old password is incorrect.')

  await old.fill(user.password)
  await confirm.press('Enter')
  await expect(toast(page)).toContainText('Password changed Successfully')
  await expect(old).toHaveValue('')

  await page.evaluate(() => localStorage.removeItem('vcc.user'))
  await signIn(page, { loginName: user.loginName, password: 'Changed@2026' })
})

test('profile: nick name, timezone and language are saved and applied', async ({ page }) => {
  await signIn(page, { loginName: E2E_USERS.settings.loginName, password: 'Changed@2026' })
  await page.goto('main/settings-profile')
  const nick = page.getByLabel('Nick name', { exact: true })
  await nick.fill('')
  await nick.press('Enter')
  await expect(page.getByText('Cannot be empty')).toBeVisible()
  await nick.fill('Settings Tester')

  // Timezone and language are Radix selects: open, type to jump, Enter to pick.
  await page.getByLabel('Timezone', { exact: true }).focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('listbox')).toBeVisible()
  await expect(page.getByRole('option', { name: /^UTC/ })).toBeFocused()
  // At a person's pace: Radix's typeahead drops keys that arrive within the same frame.
  await page.keyboard.type('Asia/Singapore', { delay: 50 })
  await page.keyboard.press('Enter')
  await expect(page.getByLabel('Timezone', { exact: true })).toContainText('Asia/Singapore')
  await nick.press('Enter')
  await expect(toast(page)).toContainText('Saved successfully')

  await page.reload()
  await expect(page.getByLabel('Nick name', { exact: true })).toHaveValue('Settings Tester')
  await expect(page.getByLabel('Timezone', { exact: true })).toContainText('Asia/Singapore')

  await page.locator('form').getByLabel('Language', { exact: true }).focus()
  await page.keyboard.press('Enter')
  // Once the list has focus on the current language (a key sent earlier can be dropped).
  await expect(page.getByRole('option', { name: 'English' })).toBeFocused()
  await page.keyboard.press('ArrowDown')
  await expect(page.getByRole('option', { name: /简体中文/ })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('listbox')).toHaveCount(0)
  await page.getByLabel('Nick name', { exact: true }).press('Enter')
  await expect(page.getByRole('heading', { name: '个人资料', level: 1 })).toBeVisible()
  await expect(toast(page)).toContainText('保存成功')
  await expect(page.getByText('修改密码').first()).toBeVisible()
  await expectAccessible(page)

  await page.goto('main/index')
  await expect(page.getByRole('heading', { name: '欢迎，Settings Tester', level: 1 })).toBeVisible()
  await expect(page.getByText('Asia/Singapore')).toBeVisible()
})
