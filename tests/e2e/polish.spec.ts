import { expect, test } from '@playwright/test'
import { openPalette } from './fixtures'
import { BASE, SHORT_IDLE_PORT } from '../../playwright.config'
import { signInViaApi } from './shellSupport'

/** The shell's rough edges a new user meets: palette search, pin chooser, /login, expiry. */

test.describe('palette search', () => {
  test('misspellings, abbreviations, aliases and pinyin find the intended item first', async ({
    page,
    baseURL,
  }) => {
    await signInViaApi(page, 'admin', baseURL!)
    const cases: [string, RegExp][] = [
      ['dictonary', /^Dictionaries/],
      ['sysparam', /^System parameters/],
      ['logout', /^Sign out/],
      ['light', /^Use the (light|dark) theme/],
      ['zdgl', /^Dictionaries/],
      ['zdzgl', /^Dictionary values/],
      ['xtcs', /^System parameters/],
    ]
    const palette = await openPalette(page)
    for (const [search, first] of cases) {
      await palette.getByRole('combobox').fill(search)
      await expect(palette.getByRole('option').first(), search).toHaveText(first)
    }
    // Enter runs the first: the misspelt page opens.
    await palette.getByRole('combobox').fill('dictonary')
    await expect(palette.getByRole('option').first()).toHaveText(/^Dictionaries/)
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/main\/dict-management/)
  })

  test('the box keeps its place and size as results shrink', async ({ page, baseURL }) => {
    await signInViaApi(page, 'admin', baseURL!)
    const palette = await openPalette(page)
    // Measured once the opening animation has ended, to the pixel.
    const settled = async () => {
      await palette.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)))
      const box = (await palette.boundingBox())!
      return [box.x, box.y, box.width, box.height].map(Math.round)
    }
    const before = await settled()
    await palette.getByRole('combobox').fill('dictionary values')
    await expect(palette.getByRole('option')).toHaveCount(1)
    expect(await settled()).toEqual(before)
    await palette.getByRole('combobox').fill('qqqqqqqq')
    await expect(palette.getByText('Nothing found.')).toBeVisible()
    expect(await settled()).toEqual(before)
  })
})

test('the pin chooser keeps focus on the box that was toggled', async ({ page, baseURL }) => {
  await signInViaApi(page, 'admin', baseURL!)
  await page.getByTestId('menu-more').click()
  const chooser = page.getByRole('dialog', { name: 'Pin pages' })
  const box = chooser.getByRole('checkbox', { name: 'Dictionary values' })
  await expect(box).toBeVisible()
  // The dialog has placed its own first focus; then the keyboard goes to the box.
  await expect(chooser.locator(':focus')).toHaveCount(1)
  await box.focus()
  await expect(box).toBeFocused()
  const saved = page.waitForResponse((r) => /\/admin\/menu\/(pin|unPin)$/.test(r.url()))
  await page.keyboard.press('Space')
  await saved
  await expect(box).toBeChecked()
  await expect(box).toBeFocused()
  // And again, straight away: the focus never left, so Space toggles the same box back.
  const unpinned = page.waitForResponse((r) => r.url().endsWith('/admin/menu/unPin'))
  await page.keyboard.press('Space')
  await unpinned
  await expect(box).not.toBeChecked()
  await expect(box).toBeFocused()
})

test('/login while signed in goes to the dashboard, or to the page in from', async ({
  page,
  baseURL,
}) => {
  await signInViaApi(page, 'admin', baseURL!)
  await page.goto(new URL('login', baseURL).href)
  await expect(page).toHaveURL(/\/main\/index$/)
  await page.goto(new URL('login?from=/main/parameter-management', baseURL).href)
  await expect(page).toHaveURL(/\/main\/parameter-management$/)
  // Never to another site.
  await page.goto(new URL('login?from=//evil.example/x', baseURL).href)
  await expect(page).toHaveURL(/\/main\/index$/)
})

test.describe('session expiry', () => {
  test.use({ baseURL: `http://127.0.0.1:${SHORT_IDLE_PORT}${BASE}` })

  test('no call answers 401 when the idle session ends', async ({ page, baseURL }) => {
    const refused: string[] = []
    page.on('response', (r) => {
      if (r.status() === 401) refused.push(r.url())
    })
    await signInViaApi(page, 'admin', baseURL!, 'main/dict-management')
    // Idle: the warning, then the end of the session (12 s on this server).
    await expect(page).toHaveURL(/\/login\?from=/, { timeout: 20_000 })
    await expect(page.getByTestId('session-expired')).toHaveCount(1)
    expect(refused).toEqual([])
  })
})

test('profile: one Profile heading, and every timezone once with its offset', async ({
  page,
  baseURL,
}) => {
  await signInViaApi(page, 'admin', baseURL!, 'main/settings-profile')
  await expect(page.getByRole('heading', { name: 'Profile', exact: true })).toHaveCount(1)
  await page.getByRole('combobox', { name: 'Timezone' }).click()
  const options = await page.getByRole('option').allTextContents()
  expect(options.length).toBeGreaterThan(300)
  expect(new Set(options).size).toBe(options.length)
  const zones = options.map((o) => o.split(/ — | \(/)[0])
  expect(new Set(zones).size).toBe(zones.length)
  expect(options).toContain('UTC (+00:00)')
  expect(options.filter((o) => o.startsWith('Asia/Shanghai'))).toEqual([
    'Asia/Shanghai — China Standard Time (+08:00)',
  ])
  await page.keyboard.press('Escape')
})
