import { expect, test } from '@playwright/test'
import { openSignedIn } from './fixtures'
import { LIMITED_ADMIN } from './e2eUsers'

/**
 * Issue 25: an administrator limited to one merchant (Skyline Air Tickets) and no company sees
 * only that merchant everywhere: each list that names a merchant shows Skyline's rows and no
 * other merchant's.
 */
const OTHERS = /Lotus Car Rental|Blue Harbor Hotels/

test('an administrator limited to one merchant without a company sees that merchant only', async ({
  page,
}) => {
  for (const screen of [
    'cards-balance',
    'coremanagement-cardholder-management',
    'cards-transactions',
    'accounts-balance',
  ]) {
    await openSignedIn(page, LIMITED_ADMIN, `main/${screen}`)
    const table = page.getByRole('table').first()
    await expect(table, screen).toContainText('Skyline Air Tickets')
    await expect(table, screen).not.toContainText(OTHERS)
  }
})
