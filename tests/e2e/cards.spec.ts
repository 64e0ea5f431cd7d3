import { expect, test, type Page } from '@playwright/test'
import { choose, expectAccessible, palette, signIn, toast, USERS } from './fixtures'

/**
 * Cards, first part: card BINs (a hidden screen, reached from the palette) and cardholders,
 * driven by keyboard.
 */

test.describe.configure({ mode: 'serial' })

const total = (page: Page) => page.getByTestId('list-total')

async function fillBin(page: Page, bin: string, currency: string, region: string) {
  await page.getByLabel('Card BIN', { exact: true }).fill(bin)
  await choose(page, 'Channel', 'Sandbox')
  await choose(page, 'Card scheme', 'Visa')
  await choose(page, 'Currency', currency)
  await choose(page, 'Region', region)
}

test('card BINs: reached from the palette, created, then assigned @smoke', async ({ page }) => {
  await signIn(page, USERS.admin)
  // Hidden built-in screen: not in the side menu, but the palette lists it.
  const menu = page.getByRole('navigation', { name: 'Main menu' })
  await expect(menu.getByRole('button', { name: 'Cards' })).toBeVisible()
  await expect(menu.getByRole('link', { name: 'Card BINs' })).toHaveCount(0)
  await palette(page, 'Card BIN', /Card BINs/)
  await expect(page).toHaveURL(/\/main\/card-bin-management/)
  await expect(page.getByRole('heading', { name: 'Card BINs', level: 1 })).toBeVisible()
  // The seed's BINs (and any another spec added on the shared server): one more after the add.
  await expect(total(page)).toHaveText(/^Total [0-9]+$/)
  const before = Number((await total(page).textContent())!.replace('Total ', ''))
  await expectAccessible(page)

  await page.keyboard.press('n')
  await expect(page.getByRole('heading', { name: 'Add card BIN' })).toBeVisible()
  await page.getByLabel('Card BIN', { exact: true }).fill('41234')
  await page.getByLabel('Card BIN', { exact: true }).press('Enter')
  await expect(page.getByText('A card BIN is 6 to 8 digits')).toBeVisible()
  await fillBin(page, '4123456', 'EUR', 'Germany')
  await expectAccessible(page)
  await page.getByLabel('Card BIN', { exact: true }).press('Enter')
  await expect(toast(page)).toContainText('Added successfully')
  await expect(total(page)).toHaveText(`Total ${before + 1}`)

  await page.goto('main/card-bin-management?bin=4123456')
  await expect(total(page)).toHaveText('Total 1')
  // Ticked (x): the palette takes the keyboard away from the table's cursor row.
  await page.keyboard.press('j')
  await page.keyboard.press('x')
  await palette(page, 'Assign', /^Assign/)
  await expect(page.getByRole('heading', { name: 'Assign card BIN 4123456' })).toBeVisible()
  await page.getByRole('checkbox', { name: 'Northwind Payments Ltd' }).focus()
  await page.keyboard.press('Space')
  await page.getByRole('checkbox', { name: 'Skyline Air Tickets' }).focus()
  await page.keyboard.press('Space')
  await expectAccessible(page)
  await page.getByRole('button', { name: 'Save', exact: true }).focus()
  await page.keyboard.press('Enter')
  await expect(toast(page)).toContainText('Assignment saved')
  await expect(page).toHaveURL(/\/main\/card-bin-management\?/)
  const row = page.getByRole('row', { name: /4123456/ })
  await expect(row).toContainText('Sandbox issuer')
  await expect(row.getByRole('cell').nth(8)).toHaveText('1')
  await expect(row.getByRole('cell').nth(9)).toHaveText('1')
})

test('card BINs: a BIN the channel already has is refused beside the field', async ({ page }) => {
  await signIn(page, USERS.admin)
  await page.goto('main/card-bin-management-save')
  await fillBin(page, '485932', 'USD', 'Singapore')
  await page.getByLabel('Card BIN', { exact: true }).press('Enter')
  const field = page.getByLabel('Card BIN', { exact: true })
  await expect(field).toHaveAttribute('aria-invalid', 'true')
  await expect(page.locator('[data-field-error="bin"]')).toHaveText(
    'Card BIN already exists in the current channel',
  )
  await expect(field).toBeFocused()
})

test('card BINs in zh-CN', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('vcc.language', JSON.stringify('zh-CN')))
  await signIn(page)
  await page.goto('main/card-bin-management')
  await expect(page.getByRole('heading', { name: '卡 BIN 管理', level: 1 })).toBeVisible()
  await expect(page.getByRole('columnheader', { name: /卡组织/ })).toBeVisible()
  await expect(page.getByRole('row', { name: /485932/ })).toContainText('预付卡')
  await expectAccessible(page)
})

test('cardholders: a merchant user adds a new default, and the old default is cleared', async ({
  page,
}) => {
  await signIn(page, USERS.merchant)
  const menu = page.getByRole('navigation', { name: 'Main menu' })
  await expect(menu.getByRole('link', { name: 'Cardholders' })).toBeVisible()
  await page.goto('main/coremanagement-cardholder-management')
  await expect(page.getByRole('heading', { name: 'Cardholders', level: 1 })).toBeVisible()
  // Only the merchant's own cardholders.
  await expect(total(page)).toHaveText('Total 2')
  await expect(page.getByRole('row', { name: /Mei Tan/ })).toContainText('Default')
  await expectAccessible(page)

  await page.keyboard.press('n')
  await expect(page.getByRole('heading', { name: 'Add cardholder' })).toBeVisible()
  await expect(page.getByLabel('Merchant', { exact: true })).toContainText('Skyline Air Tickets')
  await page.getByLabel('First name', { exact: true }).press('Enter')
  await expect(page.getByText('Cannot be empty').first()).toBeVisible()
  await page.getByLabel('First name', { exact: true }).fill('Zoe')
  await page.getByLabel('Last name', { exact: true }).fill('Lee')
  await choose(page, 'Area code', '+65 Singapore')
  await page.getByLabel('Phone', { exact: true }).fill('81239999')
  await page.getByLabel('E-mail', { exact: true }).fill('zoe.lee@example.com')
  await page.getByLabel('Birthday', { exact: true }).fill('1991-07-15')
  await choose(page, 'Country or region', 'Singapore')
  await choose(page, 'State or province', /Central Singapore/)
  await page.getByLabel('City', { exact: true }).fill('Singapore')
  await page.getByLabel('Address', { exact: true }).fill('8 Marina View')
  await page.getByLabel('Postal code', { exact: true }).fill('018960')
  await page.getByRole('checkbox', { name: 'Default cardholder' }).focus()
  await page.keyboard.press('Space')
  await expectAccessible(page)
  await page.getByLabel('Postal code', { exact: true }).press('Enter')
  await expect(toast(page)).toContainText('Added successfully')

  await expect(total(page)).toHaveText('Total 3')
  await expect(page.getByRole('row', { name: /Zoe Lee/ })).toContainText('Default')
  await expect(page.getByRole('row', { name: /Mei Tan/ })).not.toContainText('Default')
})
