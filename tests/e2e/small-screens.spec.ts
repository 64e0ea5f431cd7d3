import { expect, test, type Page } from '@playwright/test'
import { SCREENS } from '../../src/lib/screens'
import { signInViaApi } from './shellSupport'

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
  await signInViaApi(page, 'admin', baseURL!)
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
  baseURL,
}) => {
  await signInViaApi(page, 'admin', baseURL!)
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
