import { expect, test, type Page } from '@playwright/test'
import {
  englishShellTexts,
  expectShellAccessible,
  menuLink,
  pathOf,
  signInViaApi,
  textOf,
} from './shellSupport'

/** The shell: menus, tabs, language, theme, shortcuts, and the screenshots for the docs. */

const SHELL_REGIONS = ['.vcc-header', '#vcc-side-menu', '.vcc-tabs', '[role="dialog"]']

async function switchLanguage(page: Page, label: 'English' | '简体中文 (Chinese)') {
  await page.getByTestId('language').click()
  await page.getByRole('option', { name: label }).click()
}

test.describe('shell', () => {
  test('side menu: server labels, groups that fold, pinned via More, recent, show/hide kept', async ({
    page,
    baseURL,
  }) => {
    await signInViaApi(page, 'admin', baseURL!)
    const group = page.getByRole('button', { name: 'System administration' })
    await expect(group).toHaveAttribute('aria-expanded', 'true')
    await expect(menuLink(page, 'Dictionary values')).toBeVisible()
    await group.click()
    await expect(group).toHaveAttribute('aria-expanded', 'false')
    await expect(menuLink(page, 'Dictionary values')).toBeHidden()
    await group.click()

    // More (the last system entry) opens the pin chooser.
    await page.getByTestId('menu-more').click()
    const chooser = page.getByRole('dialog', { name: 'Pin pages' })
    const pinned = page.waitForRequest((r) => r.url().endsWith('/admin/menu/pin'))
    await chooser.getByRole('checkbox', { name: 'System parameters' }).click()
    expect((await pinned).postDataJSON()).toEqual({ menuId: 9030 })
    await expect(chooser.getByRole('checkbox', { name: 'System parameters' })).toBeChecked()
    await page.keyboard.press('Escape')
    const pinnedRegion = page.getByRole('region', { name: 'Pinned' })
    await expect(pinnedRegion.getByRole('link', { name: 'System parameters' })).toBeVisible()
    await pinnedRegion.getByRole('button', { name: 'Unpin System parameters' }).click()
    await expect(pinnedRegion).toHaveCount(0)

    await menuLink(page, 'Dictionaries').click()
    const recent = page.getByRole('region', { name: 'Recently used' })
    await expect(recent.getByRole('link').first()).toHaveText('Dictionaries')

    await page.getByTestId('menu-toggle').click()
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toHaveCount(0)
    await page.reload()
    await expect(page.getByTestId('menu-toggle')).toHaveAttribute('aria-expanded', 'false')
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toHaveCount(0)
    await page.keyboard.press('Alt+m')
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible()
  })

  test('breadcrumbs follow the menu tree', async ({ page, baseURL }) => {
    await signInViaApi(page, 'admin', baseURL!, 'main/dict-dt-management')
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' })
    await expect(crumbs).toContainText('Home')
    await expect(crumbs).toContainText('System administration')
    await expect(crumbs.locator('[aria-current="page"]')).toHaveText('Dictionary values')
  })

  test('tabs: opened pages persist, close moves to a neighbour, Alt+. and Alt+, switch', async ({
    page,
    baseURL,
  }) => {
    await signInViaApi(page, 'admin', baseURL!)
    await menuLink(page, 'Dictionaries').click()
    await expect(page).toHaveURL(/dict-management/)
    await menuLink(page, 'System parameters').click()
    await expect(page).toHaveURL(/parameter-management/)
    const tabs = page.getByRole('navigation', { name: 'Opened pages' })
    await expect(tabs.getByRole('link')).toHaveText([
      'Dashboard',
      'Dictionaries',
      'System parameters',
    ])

    await page.reload()
    await expect(tabs.getByRole('link')).toHaveText([
      'Dashboard',
      'Dictionaries',
      'System parameters',
    ])
    await expect(tabs.getByRole('link', { name: 'System parameters' })).toHaveAttribute(
      'aria-current',
      'page',
    )

    await page.keyboard.press('Alt+Period')
    await expect(page).toHaveURL(/\/main\/index$/)
    await page.keyboard.press('Alt+Comma')
    await expect(page).toHaveURL(/parameter-management/)

    await tabs.getByRole('button', { name: 'Close System parameters' }).click()
    await expect(page).toHaveURL(/dict-management/)
    await expect(tabs.getByRole('link')).toHaveText(['Dashboard', 'Dictionaries'])
    await page.keyboard.press('Alt+w')
    await expect(page).toHaveURL(/\/main\/index$/)
    await expect(tabs.getByRole('link')).toHaveText(['Dashboard'])
  })

  test('language: zh-CN leaves no English shell text, and is kept', async ({ page, baseURL }) => {
    await signInViaApi(page, 'admin', baseURL!, 'main/dict-management')
    await switchLanguage(page, '简体中文 (Chinese)')
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN')
    await expect(page.getByRole('navigation', { name: '主菜单' })).toBeVisible()
    await expect(page).toHaveTitle('字典管理 - VCC 管理平台')

    const english = englishShellTexts()
    const check = async () => {
      const text = await textOf(page, SHELL_REGIONS)
      expect(english.filter((s) => text.includes(s))).toEqual([])
    }
    await check()
    await page.keyboard.press('Control+k')
    await expect(page.getByRole('dialog', { name: '命令面板' })).toBeVisible()
    await check()
    await page.keyboard.press('Escape')
    // Focus went back to the language switch, whose typeahead owns printable keys.
    await page.locator('#main-content').focus()
    await page.keyboard.press('Shift+Slash')
    await expect(page.getByRole('dialog', { name: '键盘快捷键' })).toBeVisible()
    await check()
    await page.keyboard.press('Escape')

    await page.reload()
    await expect(page.getByRole('navigation', { name: '主菜单' })).toBeVisible()
    await switchLanguage(page, 'English')
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible()
  })

  test('dark mode: toggled, kept after a reload, accessible', async ({ page, baseURL }) => {
    await signInViaApi(page, 'admin', baseURL!)
    const theme = page.locator('.radix-themes').first()
    await page.getByRole('button', { name: 'Switch to dark theme' }).click()
    await expect(theme).toHaveClass(/\bdark\b/)
    await page.reload()
    await expect(page.locator('.radix-themes').first()).toHaveClass(/\bdark\b/)
    await expectShellAccessible(page)
    await page.getByRole('button', { name: 'Switch to light theme' }).click()
    await expect(page.locator('.radix-themes').first()).toHaveClass(/\blight\b/)
  })

  test('? shows the shortcut registry by scope; go-to sequences; sign out from the user menu', async ({
    page,
    baseURL,
  }) => {
    await signInViaApi(page, 'admin', baseURL!, 'main/dict-management')
    await page.keyboard.press('Shift+Slash')
    const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' })
    await expect(sheet.getByRole('heading', { level: 3 })).toHaveText([
      'Anywhere',
      'In lists',
      'In dialogs',
    ])
    await expect(sheet.getByRole('row', { name: /Open the command palette/ })).toContainText('K')
    await expectShellAccessible(page)
    await page.keyboard.press('Escape')
    await expect(sheet).toHaveCount(0)

    await page.keyboard.press('g')
    await page.keyboard.press('p')
    await expect(page).toHaveURL(/settings-profile/)
    await page.keyboard.press('g')
    await page.keyboard.press('d')
    await expect(page).toHaveURL(/\/main\/index$/)

    await page.getByTestId('user-menu').click()
    await page.getByRole('menuitem', { name: 'Sign out' }).click()
    await expect(page).toHaveURL(/\/vcc\/login$/)
    expect(await page.evaluate(() => localStorage.getItem('vcc.user'))).toBeNull()
  })

  test('the shell is accessible on every page it frames', async ({ page, baseURL }) => {
    await signInViaApi(page, 'admin', baseURL!)
    for (const path of ['main/index', 'main/dict-management', 'main/parameter-management']) {
      await page.goto(path)
      await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible()
      expect(pathOf(page)).toContain(path.slice(4))
      await expectShellAccessible(page)
    }
  })

  test('version check: a new version on the host is stored and the page reloads once', async ({
    page,
  }) => {
    const stored = () => page.evaluate(() => sessionStorage.getItem('vcc.version'))
    await page.goto('error-404')
    await expect.poll(stored).not.toBeNull()
    const served = await stored()
    let loads = 0
    page.on('load', () => loads++)

    // A failed check changes nothing.
    await page.route('**/version.json*', (r) => r.fulfill({ status: 500, body: 'down' }))
    await page.evaluate(() => sessionStorage.setItem('vcc.version', JSON.stringify('older')))
    // Waits for the n-th version check to be answered and handled (a reload it asked for comes
    // before the round trip into the page), instead of a fixed wait.
    let checks = 0
    page.on('requestfinished', (r) => {
      if (r.url().includes('version.json')) checks++
    })
    const settled = async (n: number) => {
      await expect.poll(() => checks).toBeGreaterThanOrEqual(n)
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r))))
    }
    await page.reload()
    await settled(1)
    expect(loads).toBe(1)
    expect(await stored()).toBe(JSON.stringify('older'))

    await page.unrouteAll()
    await page.reload()
    await expect.poll(() => loads).toBe(3)
    await expect.poll(stored).toBe(served)
    await settled(3)
    expect(loads).toBe(3)
  })

  test('screenshots for the docs: shell and palette, en-US and zh-CN, light and dark', async ({
    page,
    baseURL,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 })
    await signInViaApi(page, 'admin', baseURL!, 'main/parameter-management')
    await menuLink(page, 'Dictionaries').click()
    await expect(page.getByRole('heading', { name: 'Dictionaries' })).toBeVisible()
    for (const lang of ['en', 'zh'] as const) {
      if (lang === 'zh') await switchLanguage(page, '简体中文 (Chinese)')
      for (const theme of ['light', 'dark'] as const) {
        await page.evaluate((t) => localStorage.setItem('vcc.theme', JSON.stringify(t)), theme)
        await page.reload()
        await expect(page.locator('.radix-themes').first()).toHaveClass(
          new RegExp(`\\b${theme}\\b`),
        )
        await page.mouse.move(0, 799)
        await page.screenshot({ path: `docs/screenshots/shell-${lang}-${theme}.png` })
        await page.keyboard.press('Control+k')
        await expect(page.getByTestId('palette')).toBeVisible()
        await page
          .getByTestId('palette')
          .evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)))
        await page.screenshot({ path: `docs/screenshots/palette-${lang}-${theme}.png` })
        await page.keyboard.press('Escape')
      }
    }
    // The switch keeps the language in the shared admin's profile: give it its English back.
    const saved = page.waitForResponse((r) => r.url().includes('/profile/language'))
    await switchLanguage(page, 'English')
    expect((await saved).ok()).toBe(true)
  })
})
