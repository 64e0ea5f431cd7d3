import { expect, test } from '@playwright/test'
import { signInViaApi } from './shellSupport'

/**
 * module-management and opt-information by keyboard: the platform administrator renames a
 * module (the Buttons screen, which no other spec reads) and the side menu shows the new name;
 * opt-information lists this instance and the database. Screenshots of both screens in both
 * languages to /tmp/modules/.
 */
test('admin: module-management renames a module by keyboard; the side menu follows', async ({
  page,
  baseURL,
}) => {
  await signInViaApi(page, 'admin', baseURL!, 'main/module-management')
  const edit = page.getByRole('link', { name: 'Edit Buttons' })
  await edit.focus()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/module-management-save\?id=/)
  const name = page.getByLabel('Name (English)')
  await name.focus()
  await page.keyboard.press('ControlOrMeta+a')
  await page.keyboard.type('Button names')
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/main\/module-management$/)
  const menu = page.getByRole('navigation', { name: 'Main menu' })
  await expect(menu.getByRole('link', { name: 'Button names' })).toBeVisible()

  // Back as it was.
  await page.getByRole('link', { name: 'Edit Button names' }).focus()
  await page.keyboard.press('Enter')
  await page.getByLabel('Name (English)').focus()
  await page.keyboard.press('ControlOrMeta+a')
  await page.keyboard.type('Buttons')
  await page.keyboard.press('Enter')
  await expect(menu.getByRole('link', { name: 'Buttons', exact: true })).toBeVisible()
})

test('admin: opt-information lists this instance and the database; screenshots', async ({
  page,
  baseURL,
}) => {
  await page.setViewportSize({ width: 1280, height: 1400 })
  await signInViaApi(page, 'admin', baseURL!, 'main/opt-information')
  await expect(page.getByTestId('instances').getByText('This instance')).toBeVisible()
  const refresh = page.getByRole('button', { name: 'Refresh' })
  await refresh.focus()
  await page.keyboard.press('Enter')
  await expect(
    page.getByText('Embedded PGlite').or(page.getByText('PostgreSQL')).first(),
  ).toBeVisible()
  for (const lang of ['en', 'zh'] as const) {
    await page.evaluate(
      (l) => localStorage.setItem('vcc.language', JSON.stringify(l)),
      lang === 'en' ? 'en-US' : 'zh-CN',
    )
    for (const screen of ['opt-information', 'module-management'] as const) {
      await page.goto(`${baseURL}main/${screen}`)
      await expect(page.locator('h1')).toBeVisible()
      await expect(page.getByRole('table').first()).toBeVisible()
      await page.screenshot({ path: `/tmp/modules/${screen}-${lang}.png`, fullPage: true })
    }
  }
  await page.evaluate(() => localStorage.setItem('vcc.language', JSON.stringify('en-US')))
})
