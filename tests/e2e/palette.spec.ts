import { expect, test, type Page } from '@playwright/test'
import { expectAccessible, openPalette } from './fixtures'
import { signInViaApi } from './shellSupport'

/** The command palette (Mod+K): pages in both languages, pinned, recent, actions, hints. */

async function runCommand(page: Page, search: string, option: string | RegExp) {
  const palette = await openPalette(page)
  await palette.getByRole('combobox').fill(search)
  await expect(palette.getByRole('option', { name: option }).first()).toBeVisible()
  await palette.getByRole('option', { name: option }).first().click()
  await expect(palette).toHaveCount(0)
}

test.describe('palette', () => {
  test('finds a page by its name in either language and opens it with Enter', async ({
    page,
    baseURL,
  }) => {
    // Visited first, so the page is also a recent one: a search still lists it once.
    await signInViaApi(page, 'admin', baseURL!, 'main/dict-dt-management')
    await page.goto(new URL('main/index', baseURL).href)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    const palette = await openPalette(page)
    await expect(palette.getByRole('combobox')).toBeFocused()
    // The UI is in English; the Chinese name finds the page too.
    await palette.getByRole('combobox').fill('字典值')
    await expect(palette.getByRole('option')).toHaveText([/Dictionary values/])
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/main\/dict-dt-management/)
    await expect(palette).toHaveCount(0)

    await openPalette(page)
    await page.keyboard.type('system param')
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/main\/parameter-management/)
  })

  test('lists only permitted pages, with the go-to keys as hints', async ({ page, baseURL }) => {
    await signInViaApi(page, 'merchant', baseURL!)
    const palette = await openPalette(page)
    const pages = palette.getByRole('group', { name: 'Pages' })
    await expect(pages.getByRole('option')).toHaveText([
      /Profile\s*G P/,
      /Dashboard\s*G D/,
      'Balances',
      'Totals by currency',
      'Balance transactions',
      'Transfer between balances',
      'Card list',
      'Cardholders',
      'Card cancellation review',
      'Card transactions',
      'Shared card groups',
      'Card rules and limits',
    ])
    await palette.getByRole('combobox').fill('Dictionaries')
    await expect(palette.getByRole('option')).toHaveCount(0)
    await expect(palette.getByText('Nothing found.')).toBeVisible()
    await expectAccessible(page)
  })

  test('pin and unpin this page, then find it under Pinned and Recently used', async ({
    page,
    baseURL,
  }) => {
    await signInViaApi(page, 'admin', baseURL!, 'main/dict-management')
    await runCommand(page, 'pin this', 'Pin this page')
    const pinned = page.getByRole('region', { name: 'Pinned' })
    await expect(pinned.getByRole('link', { name: 'Dictionaries' })).toBeVisible()

    const palette = await openPalette(page)
    await expect(palette.getByRole('group', { name: 'Pinned' }).getByRole('option')).toHaveText([
      /Dictionaries/,
    ])
    await expect(
      palette.getByRole('group', { name: 'Recently used' }).getByRole('option').first(),
    ).toHaveText(/Dictionaries/)
    await page.keyboard.press('Escape')

    await runCommand(page, 'unpin', 'Unpin this page')
    await expect(pinned).toHaveCount(0)
  })

  test("offers the current screen's actions with their shortcut hints", async ({
    page,
    baseURL,
  }) => {
    await signInViaApi(page, 'admin', baseURL!, 'main/dict-management')
    await expect(page.getByRole('heading', { name: 'Dictionaries' })).toBeVisible()
    const palette = await openPalette(page)
    const screen = palette.getByRole('group', { name: 'This page' })
    await expect(screen.getByRole('option', { name: /Add/ })).toContainText('N')
    await screen.getByRole('option', { name: /Add/ }).click()
    await expect(page).toHaveURL(/dict-management-save/)
  })

  test('shell actions: theme, language, shortcuts, stay signed in, sign out', async ({
    page,
    baseURL,
  }) => {
    await signInViaApi(page, 'admin', baseURL!)
    await runCommand(page, 'dark', 'Use the dark theme')
    await expect(page.locator('.radix-themes').first()).toHaveClass(/\bdark\b/)
    await runCommand(page, '浅色', 'Use the light theme')
    await expect(page.locator('.radix-themes').first()).toHaveClass(/\blight\b/)

    await runCommand(page, 'chinese', /简体中文/)
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN')
    await runCommand(page, 'English', /English/)
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US')

    await runCommand(page, 'shortcuts', 'Show keyboard shortcuts')
    await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible()
    await page.keyboard.press('Escape')

    const flushed = page.waitForRequest((r) => r.url().endsWith('/admin/flushTokenTime'))
    await runCommand(page, 'stay', 'Stay signed in')
    await flushed

    await runCommand(page, 'sign out', 'Sign out')
    await expect(page).toHaveURL(/\/vcc\/login$/)
  })

  test('the palette is accessible, in both themes', async ({ page, baseURL }) => {
    await signInViaApi(page, 'admin', baseURL!)
    await openPalette(page)
    await expectAccessible(page)
    await page.keyboard.press('Escape')
    await page.getByRole('button', { name: 'Switch to dark theme' }).click()
    await openPalette(page)
    await expectAccessible(page)
  })
})
