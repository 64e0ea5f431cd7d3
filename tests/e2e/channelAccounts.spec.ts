import { expect, test } from '@playwright/test'
import { choose, expectAccessible, signIn, toast, USERS } from './fixtures'

/** Channel funding accounts, by keyboard: visibility and an internal transfer. */

test.describe.configure({ mode: 'serial' })

test('an administrator hides an account from a company and the company no longer sees it', async ({
  page,
  browser,
}) => {
  await signIn(page, USERS.admin)
  await page.goto('main/accounts-channel?currency=SGD')
  await expect(page.getByRole('heading', { name: 'Channel accounts', level: 1 })).toBeVisible()
  await expectAccessible(page)
  await expect(page.getByTestId('list-total')).toHaveText('Total 1')
  await page.keyboard.press('j')
  await page.keyboard.press('x')
  await page.getByRole('button', { name: 'Visibility' }).focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { name: /Companies that may see and use/ })).toBeVisible()
  const parent = page.getByRole('checkbox', { name: 'Northwind Payments Ltd' })
  const child = page.getByRole('checkbox', { name: 'Northwind Travel Pte' })
  await expect(parent).toBeChecked()
  await parent.focus()
  await page.keyboard.press('Space')
  await child.focus()
  await page.keyboard.press('Space')
  await expect(parent).not.toBeChecked()
  // Enter does not toggle a checkbox (WAI-ARIA) nor submit from it: Save is the next stop.
  await page.getByRole('button', { name: 'Save' }).focus()
  await page.keyboard.press('Enter')
  await expect(toast(page)).toContainText('Visibility saved')

  const other = await browser.newPage()
  await signIn(other, USERS.company)
  await other.goto('main/accounts-channel')
  await expect(other.getByTestId('list-total')).toHaveText('Total 2')
  await expect(other.getByRole('row', { name: /SGD/ })).toHaveCount(0)
  await other.close()
})

test('an administrator makes an internal transfer; both balances change', async ({ page }) => {
  await signIn(page, USERS.admin)
  await page.goto('main/accounts-channel')
  await page.getByRole('button', { name: 'Internal transfer' }).focus()
  await page.keyboard.press('Enter')
  await expect(
    page.getByRole('heading', { name: 'Internal transfer between channel accounts' }),
  ).toBeVisible()
  await expectAccessible(page)
  await choose(page, 'From account', 'Sandbox issuer · USD')
  await choose(page, 'To account', 'Second sandbox issuer · USD')
  await page.getByLabel('Amount', { exact: true }).fill('1,000.00')
  await page.getByLabel('Amount', { exact: true }).press('Enter')
  await expect(toast(page)).toContainText('Transferred $1,000.00')

  await page.goto('main/accounts-channel?currency=USD')
  await expect(page.getByRole('row', { name: /^Select Sandbox issuer USD/ })).toContainText(
    '$499,000.00',
  )
  await expect(page.getByRole('row', { name: /^Select Second sandbox issuer USD/ })).toContainText(
    '$101,000.00',
  )
})
