import { expect, test, type Page } from '@playwright/test'
import { SCREENS } from '../../src/lib/screens'
import { openSignedIn, USERS } from './fixtures'

/** From 360 px wide: the menu is a drawer, and no screen scrolls the page sideways. */
test.use({ viewport: { width: 390, height: 844 } })

const PUBLIC_PAGES = [
  'login',
  'register',
  'forgotpassword',
  'resetPassword',
  'sendEmailSuccess',
  'masterServiceAgreement',
  'privacyPolicy',
  'registerResult',
  'error-401',
  'error-403',
  'error-404',
]

async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  )
}

test('every screen fits 390 px without a horizontal page scroll', async ({ page, baseURL }) => {
  // It walks every screen of the registry, one page load each: more time than one flow.
  test.setTimeout(240_000)
  await openSignedIn(page, USERS.admin, 'main/index')
  for (const screen of SCREENS.filter((s) => s.url)) {
    await page.goto(new URL(screen.url.slice(1), baseURL).href)
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()
    expect(await horizontalOverflow(page), screen.url).toBeLessThanOrEqual(0)
    // A list scrolls inside its own box rather than squeezing its columns to a letter.
    const squeezed = await page
      .locator('th.vcc-th:not(.vcc-select-cell)')
      .evaluateAll((ths) => ths.filter((th) => th.getBoundingClientRect().width < 100).length)
    expect(squeezed, screen.url).toBe(0)
  }
  await page.evaluate(() => localStorage.clear())
  for (const path of PUBLIC_PAGES) {
    await page.goto(new URL(path, baseURL).href)
    await expect(page.getByRole('heading').first()).toBeVisible()
    expect(await horizontalOverflow(page), path).toBeLessThanOrEqual(0)
  }
})

test('the side menu is a drawer: the button and Alt+M open it, Esc and a page close it', async ({
  page,
}) => {
  await openSignedIn(page, USERS.admin, 'main/index')
  const nav = page.getByRole('navigation', { name: 'Main menu' })
  const toggle = page.getByTestId('menu-toggle')
  await expect(nav).toHaveCount(0)
  await expect(toggle).toHaveAttribute('aria-expanded', 'false')

  await toggle.click()
  await expect(nav).toBeVisible()
  await expect(toggle).toHaveAttribute('aria-expanded', 'true')
  await page.keyboard.press('Escape')
  await expect(nav).toHaveCount(0)
  await expect(toggle).toBeFocused()

  await page.keyboard.press('Alt+m')
  await expect(nav).toBeVisible()
  await nav
    .getByRole('region', { name: 'Menu' })
    .getByRole('link', { name: 'System parameters' })
    .click()
  await expect(page).toHaveURL(/\/main\/parameter-management/)
  await expect(nav).toHaveCount(0)
  // The wide screen's show-menu choice is untouched by the drawer.
  await page.setViewportSize({ width: 1280, height: 800 })
  await expect(nav).toBeVisible()
})

/**
 * From 1280 px the wide lists fit: neither the page nor the main area scrolls sideways; the
 * table scrolls inside its own box, its last column reachable there, its first column fixed.
 */
test('wide lists fit 1280 and 1440 px: they scroll inside their box, first column fixed', async ({
  page,
  baseURL,
}) => {
  await openSignedIn(page, USERS.admin, 'main/index')
  const wide = ['main/accounts-transactions', 'main/cards-balance', 'main/cards-transactions']
  const scrolled: string[] = []
  for (const [width, url] of [1280, 1440].flatMap((w) => wide.map((u) => [w, u] as const))) {
    await page.setViewportSize({ width, height: 800 })
    await page.goto(new URL(url, baseURL).href)
    const box = page.getByTestId('list-scroll')
    await expect(box.locator('th.vcc-th').last()).toBeAttached()
    const sideways = await page.evaluate(() =>
      [document.scrollingElement!, document.querySelector('.vcc-main')!].map(
        (el) => el.scrollWidth - el.clientWidth,
      ),
    )
    expect(sideways, `${url} at ${width}`).toEqual([0, 0])
    // The box is no wider than the window: what does not fit scrolls inside it.
    const boxRight = await box.evaluate((el) => el.getBoundingClientRect().right)
    expect(boxRight, url).toBeLessThanOrEqual(width)
    const firstBefore = await firstColumnLeft(page)
    await box.evaluate((el) => (el.scrollLeft = el.scrollWidth))
    const last = box.locator('th.vcc-th').last()
    const lastBox = await last.evaluate((th) => {
      const r = th.getBoundingClientRect()
      const b = th.closest('[data-testid="list-scroll"]')!.getBoundingClientRect()
      return { left: r.left, right: r.right, boxLeft: b.left, boxRight: b.right }
    })
    expect(lastBox.right, url).toBeLessThanOrEqual(lastBox.boxRight + 1)
    expect(lastBox.left, url).toBeGreaterThanOrEqual(lastBox.boxLeft - 1)
    // The first column stays where it was when the box scrolls sideways.
    if (await box.evaluate((el) => el.scrollLeft > 0)) scrolled.push(`${url} at ${width}`)
    expect(await firstColumnLeft(page), url).toBeCloseTo(firstBefore, 0)
  }
  // The balance transactions have more columns than 1280 px hold: that box did scroll.
  expect(scrolled).toContain('main/accounts-transactions at 1280')
})

/** Where the first data column's header sits on screen (after the select column, if any). */
function firstColumnLeft(page: Page): Promise<number> {
  return page
    .locator('th.vcc-th:not(.vcc-select-cell)')
    .first()
    .evaluate((th) => th.getBoundingClientRect().left)
}
