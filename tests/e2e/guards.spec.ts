import { expect, test } from '@playwright/test'
import { expectAccessible } from './fixtures'
import { answer, hold, menuLink, pathOf, signInViaApi, signInViaForm } from './shellSupport'

const COUNTRY_TEXT = 'IP access from this country/region is not supported at the moment.'

/** Spec §2 guard behaviour and the public pages of the shell, under the base path /vcc/. */

const PRODUCT = 'VCC Management Platform'

test.describe('guards', () => {
  test('an unauthenticated visit goes to /login with the full path, and back after sign-in @smoke', async ({
    page,
  }) => {
    await page.goto('main/dict-management?pageNum=1&pageSize=20')
    await expect(page).toHaveURL(/\/vcc\/login\?/)
    const from = new URL(page.url()).searchParams.get('from')
    expect(from).toBe('/main/dict-management?pageNum=1&pageSize=20')
    await signInViaForm(page, 'admin')
    await expect(page).toHaveURL(/\/vcc\/main\/dict-management\?/)
    expect(new URL(page.url()).searchParams.get('pageSize')).toBe('20')
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible()
  })

  test('the bare /main and the empty path go to the landing page; the redirect helper sends the browser on, with the search', async ({
    page,
    baseURL,
  }) => {
    await signInViaApi(page, 'admin', baseURL!)
    await page.goto('main')
    await expect(page).toHaveURL(/\/vcc\/main\/index$/)
    await page.goto('')
    await expect(page).toHaveURL(/\/vcc\/main\/index$/)
    await page.goto('main/redirect/main/dict-management?pageSize=20')
    await expect(page).toHaveURL(/\/vcc\/main\/dict-management\?pageSize=20$/)
    await page.goto('redirect/main/index')
    await expect(page).toHaveURL(/\/vcc\/main\/index$/)
  })

  test('a configured screen outside the user menus goes to /error-401 with the full path; the merchant menu holds only what the role grants', async ({
    page,
    baseURL,
  }) => {
    await signInViaApi(page, 'merchant', baseURL!)
    await page.goto('main/dict-management?pageNum=2')
    await expect(page).toHaveURL(/\/vcc\/error-401\?/)
    expect(new URL(page.url()).searchParams.get('from')).toBe('/main/dict-management?pageNum=2')
    await expect(page.getByRole('heading', { name: '401 Unauthorized Access' })).toBeVisible()
    await expect(
      page.getByText(
        'You do not have the necessary permissions to access this page. Please log in with the correct credentials or contact support.',
      ),
    ).toBeVisible()
    await expect(page).toHaveTitle(`Error 401 - ${PRODUCT}`)
    await expectAccessible(page)
    await page.getByRole('button', { name: 'Return home' }).click()
    await expect(page).toHaveURL(/\/vcc\/main\/index$/)

    await expect(menuLink(page, 'Dashboard')).toBeVisible()
    await expect(
      page.getByRole('region', { name: 'System' }).getByRole('link', { name: 'Profile' }),
    ).toBeVisible()
    await expect(page.getByRole('link', { name: 'Dictionaries' })).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'System administration' })).toHaveCount(0)
  })

  test('menus load on the first protected navigation, then come from the browser cache; every page has its title', async ({
    page,
    baseURL,
  }) => {
    let menuCalls = 0
    page.on('request', (r) => {
      if (r.url().endsWith('/admin/menu/query')) menuCalls++
    })
    await signInViaApi(page, 'admin', baseURL!)
    await expect(page).toHaveTitle(`Dashboard - ${PRODUCT}`)
    expect(menuCalls).toBe(1)
    expect(await page.evaluate(() => localStorage.getItem('vcc.menuList'))).toContain(
      'systemMenuList',
    )
    await page.reload()
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible()
    await page.goto('main/dict-management')
    await expect(page.getByRole('heading', { name: 'Dictionaries' })).toBeVisible()
    // Every page has "<page> - <product>" as its title.
    await expect(page).toHaveTitle(`Dictionaries - ${PRODUCT}`)
    expect(pathOf(page)).toMatch(/^\/main\/dict-management/)
    expect(menuCalls).toBe(1)
  })

  test('visiting a menu page records it as recently used', async ({ page, baseURL }) => {
    await signInViaApi(page, 'admin', baseURL!)
    const recorded = page.waitForRequest((r) => r.url().endsWith('/admin/menu/recordRecent'))
    await menuLink(page, 'System parameters').click()
    expect((await recorded).postDataJSON()).toEqual({ menuId: 9030 })
    const recent = page.getByRole('region', { name: 'Recently used' })
    await expect(recent.getByRole('link').first()).toHaveText('System parameters')
  })

  for (const [status, code] of [
    [403, 403],
    [200, 403],
  ] as const) {
    test(`a refused call (HTTP ${status}, code ${code}) goes to /error-403 once, from the previous page`, async ({
      page,
      baseURL,
    }) => {
      await signInViaApi(page, 'admin', baseURL!, 'main/dict-management')
      await expect(page.getByRole('heading', { name: 'Dictionaries' })).toBeVisible()
      let arrivals = 0
      page.on('framenavigated', (f) => {
        if (f === page.mainFrame() && f.url().includes('/error-403')) arrivals++
      })
      // Both refusals answered, and handled by the page (the round trip into it comes after).
      const refused = new Set<string>()
      page.on('requestfinished', (r) => {
        if (/\/admin\/(profile\/query|menu\/recordRecent)$/.test(r.url())) refused.add(r.url())
      })
      // Two calls refused at once (the dashboard's profile and a menu record): one redirect,
      // naming the right the answer says is missing (data.refusal).
      const missing = { refusal: { kind: 'menu', menu: 'cards-transactions' } }
      await answer(page, '/profile/query', status, code, missing)
      await answer(page, '/menu/recordRecent', status, code, missing)
      await page.keyboard.press('g')
      await page.keyboard.press('d')
      await expect(page).toHaveURL(/\/vcc\/error-403\?/)
      expect(new URL(page.url()).searchParams.get('from')).toBe('/main/dict-management')
      await expect(page.getByRole('heading', { name: '403 Access Forbidden' })).toBeVisible()
      // The refusal page names the right missing, by its label; the country text is not it.
      await expect(page.getByTestId('error-text')).toHaveText(
        'Your role does not grant “Card transactions”. Ask an administrator to add it to your role.',
      )
      await expect(page.getByText(COUNTRY_TEXT)).toHaveCount(0)
      await expect(page).toHaveTitle(`Error 403 - ${PRODUCT}`)
      await expect.poll(() => refused.size).toBe(2)
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r))))
      expect(arrivals).toBe(1)
      await expectAccessible(page)
      await page.unrouteAll()
      await page.getByRole('button', { name: 'Go back' }).click()
      await expect(page).toHaveURL(/\/vcc\/main\/dict-management/)

      // After leaving the 403 page, the next refusal goes there again.
      await answer(page, '/profile/query', status, code)
      await page.keyboard.press('g')
      await page.keyboard.press('d')
      await expect(page).toHaveURL(/\/vcc\/error-403/)
    })
  }
})

test.describe('public pages of the shell', () => {
  test('/error-404 and any unmatched path show the not-found page with Return home', async ({
    page,
  }) => {
    for (const path of ['error-404', 'no/such/page']) {
      await page.goto(path)
      await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible()
      await expect(
        page.getByText(
          "Sorry, the page you are looking for doesn't exist. Please check the URL or return to the homepage.",
        ),
      ).toBeVisible()
      await expect(page).toHaveTitle(`Error 404 - ${PRODUCT}`)
      await expect(page.getByRole('button', { name: 'Return home' })).toBeVisible()
      await expectAccessible(page)
    }
    await page.getByRole('button', { name: 'Return home' }).click()
    await expect(page).toHaveURL(/\/vcc\/login/)
  })

  test('an unmatched path under /main shows the not-found page inside the shell', async ({
    page,
    baseURL,
  }) => {
    await signInViaApi(page, 'admin', baseURL!, 'main/no-such-screen')
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible()
    await expect(page).toHaveTitle(`Error 404 - ${PRODUCT}`)
    await expectAccessible(page)
    await page.getByRole('button', { name: 'Return home' }).click()
    await expect(page).toHaveURL(/\/vcc\/main\/index$/)
  })

  test('/401 and /error-401 outside the shell, /error-403 with its texts', async ({ page }) => {
    for (const path of ['401', 'error-401']) {
      await page.goto(path)
      await expect(page.getByRole('heading', { name: '401 Unauthorized Access' })).toBeVisible()
      await expect(page).toHaveTitle(`Error 401 - ${PRODUCT}`)
      await expectAccessible(page)
    }
    await page.goto('error-403?from=%2Fmain%2Findex')
    await expect(page.getByRole('heading', { name: '403 Access Forbidden' })).toBeVisible()
    await expectAccessible(page)
    // The country text for a refused country only.
    await expect(page.getByText(COUNTRY_TEXT)).toHaveCount(0)
    await page.goto('error-403?refusal=country')
    await expect(page.getByTestId('error-text')).toHaveText(COUNTRY_TEXT)
  })

  test('the loading placeholder goes after the first navigation; the progress bar shows while one runs', async ({
    page,
    baseURL,
  }) => {
    await signInViaApi(page, 'admin', baseURL!)
    await expect(page.locator('#app-loading')).toHaveCount(0)
    const held = await hold(page, '/dict/list')
    await menuLink(page, 'Dictionaries').click()
    await held.arrived
    await expect(page.locator('#nprogress .bar')).toBeVisible()
    await held.release()
    await expect(page.getByRole('heading', { name: 'Dictionaries' })).toBeVisible()
    await expect(page.locator('#nprogress')).toHaveCount(0)
  })
})
