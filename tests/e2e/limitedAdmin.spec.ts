import { expect, test } from '@playwright/test'
import { openSignedIn } from './fixtures'
import { LIMITED_ADMIN } from './e2eUsers'

/**
 * Issue 25: an administrator limited to one merchant (Skyline Air Tickets) and no company sees
 * only that merchant everywhere: the lists that name a merchant show Skyline's rows and no
 * other merchant's, and the merchant filter offers Skyline alone.
 */
const OTHERS = /Lotus Car Rental|Blue Harbor Hotels/

for (const screen of [
  'cards-balance',
  'coremanagement-cardholder-management',
  'cards-transactions',
  'accounts-balance',
]) {
  test(`a limited administrator without a company sees Skyline only on ${screen}`, async ({
    page,
  }) => {
    await openSignedIn(page, LIMITED_ADMIN, `main/${screen}`)
    const table = page.getByRole('table').first()
    await expect(table).toContainText('Skyline Air Tickets')
    await expect(table).not.toContainText(OTHERS)
  })
}
