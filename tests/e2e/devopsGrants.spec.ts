import { expect, test } from '@playwright/test'
import { openPalette } from './fixtures'
import { signInViaApi } from './shellSupport'

/**
 * devops-module-management: the platform administrator finds it in the palette, sees every
 * role with the devops modules it holds, and opens a role's modules from the list. Screenshots
 * in both languages to docs/screenshots/.
 */
test('admin: devops module grants from the palette; Change opens the role’s modules', async ({
  page,
  baseURL,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  await signInViaApi(page, 'admin', baseURL!)
  const palette = await openPalette(page)
  await palette.getByRole('combobox').fill('Devops module grants')
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/main\/devops-module-management$/)
  await expect(page.getByRole('heading', { name: 'Devops module grants', level: 1 })).toBeVisible()
  const admin = page.getByRole('row', { name: /Platform administrator/ })
  await expect(admin).toBeVisible()
  // The side menu lists it under Operations (and, now visited, among the recent pages).
  const menu = page.getByRole('navigation', { name: 'Main menu' })
  await expect(menu.getByRole('link', { name: 'Devops module grants' }).first()).toBeVisible()

  for (const lang of ['en', 'zh'] as const) {
    await page.evaluate(
      (l) => localStorage.setItem('vcc.language', JSON.stringify(l)),
      lang === 'en' ? 'en-US' : 'zh-CN',
    )
    await page.reload()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      lang === 'en' ? 'Devops module grants' : '运维模块授权',
    )
    await expect(page.getByRole('row', { name: /Platform administrator/ })).toBeVisible()
    await page.screenshot({ path: `docs/screenshots/devops-grants-${lang}.png`, fullPage: true })
  }
  await page.evaluate(() => localStorage.setItem('vcc.language', JSON.stringify('en-US')))
  await page.reload()

  await page.getByRole('checkbox', { name: 'Select Auditor' }).check()
  await page.getByRole('button', { name: 'Change', exact: true }).click()
  await expect(page).toHaveURL(/\/main\/role-devops-module-saveinfo\?roleId=\d+$/)
  await expect(page.getByRole('checkbox', { name: 'Database latency' })).not.toBeChecked()
})
