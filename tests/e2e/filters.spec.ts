import { expect, test } from '@playwright/test'
import { apiCall, apiToken } from './api'
import { signIn } from './fixtures'

/** The filter bar's range controls, on system parameters' creation date (a date range). */

const nextDay = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)

test('filters parameters by a creation date range; a start after the end is refused', async ({
  page,
  request,
}) => {
  const token = await apiToken(request)
  const made: { createdAt: string }[] = []
  for (const name of ['range-a', 'range-b', 'range-c']) {
    made.push(await apiCall(request, token, '/parameter/save', { name, value: '1' }))
  }
  // Whole UTC days: the day the rows were written.
  const day = made[0].createdAt.slice(0, 10)

  await signIn(page)
  await page.goto('main/parameter-management?name=range-')
  const total = page.getByTestId('list-total')
  await expect(total).toHaveText('Total 3')

  const from = page.getByLabel('Created at from')
  const to = page.getByLabel('Created at to')
  await from.fill(day)
  await to.fill(day)
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  await expect(total).toHaveText('Total 3')
  expect(decodeURIComponent(page.url())).toContain(`"from":"${day}"`)

  // Typed again if the page's first load re-checked its search meanwhile (it resets the draft).
  await expect(async () => {
    await from.fill(nextDay(day))
    await to.fill(nextDay(day))
    await page.getByRole('button', { name: 'Search', exact: true }).click()
    await expect(page.getByTestId('list-total')).toHaveText('Total 0', { timeout: 2000 })
  }).toPass()

  // From after to: the spec's message under the field, the applied filter unchanged.
  const applied = page.url()
  await to.fill(day)
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  await expect(page.getByTestId('filter-error-createdAt')).toHaveText(
    'The end of the range must not be before its start',
  )
  expect(page.url()).toBe(applied)

  // Reload: the controls show the range from the URL.
  await page.reload()
  await expect(page.getByLabel('Created at from')).toHaveValue(nextDay(day))
  await page.getByRole('button', { name: 'Reset', exact: true }).click()
  await expect(total).toHaveText(/Total \d+/)
  await expect(page.getByLabel('Created at from')).toHaveValue('')
  expect(page.url()).not.toContain('createdAt')
})

test('the merchant filter is searched by keyboard: type part of a name, Enter, Search', async ({
  page,
}) => {
  await signIn(page)
  await page.goto('main/accounts-transactions')
  const picker = page.getByRole('combobox', { name: 'Merchant', exact: true })
  await expect(picker).toHaveText('All')
  await picker.focus()
  await page.keyboard.press('Enter')
  const search = page.getByRole('combobox', { name: 'Search Merchant' })
  await expect(search).toBeFocused()
  await page.keyboard.type('harb')
  // Only the matching merchant is offered, and it is the one Enter picks.
  await expect(page.getByRole('option')).toHaveText(['Blue Harbor Hotels'])
  await page.keyboard.press('Enter')
  await expect(search).toHaveCount(0)
  await expect(picker).toBeFocused()
  await expect(picker).toHaveText('Blue Harbor Hotels')
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  await expect(page).toHaveURL(/[?&]merchant=\d+/)
  const merchants = page.locator('tbody tr[data-row-index] td:nth-child(3)')
  await expect(merchants.first()).toHaveText('Blue Harbor Hotels')
  expect(new Set(await merchants.allTextContents())).toEqual(new Set(['Blue Harbor Hotels']))
})
