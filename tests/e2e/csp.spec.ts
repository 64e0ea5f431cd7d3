import { expect, test, type Page } from '@playwright/test'
import { signInViaApi, signInViaForm } from './shellSupport'

/**
 * Issue 7, item 9: the console and the offline API reference work under the Content Security
 * Policy every answer carries (no inline script but the sign-in page's two, allowed by their hashes).
 * Any violation fails the test.
 */

async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = []
  page.on('console', (msg) => {
    if (/Content Security Policy/i.test(msg.text())) violations.push(msg.text())
  })
  // Injected by the browser's debugging protocol, which the CSP does not apply to.
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      console.error(`Content Security Policy violation: ${e.violatedDirective} ${e.blockedURI}`),
    )
  })
  return violations
}

test('the console signs in and shows its screens without a CSP violation', async ({
  page,
  baseURL,
}) => {
  const violations = await watchViolations(page)
  const res = await page.goto('login')
  expect(res?.headers()['content-security-policy']).toContain("script-src 'self'")
  expect(res?.headers()['x-frame-options']).toBe('DENY')
  await signInViaForm(page, 'admin')
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible()
  await page.goto('main/dict-management')
  await expect(page.getByRole('table')).toBeVisible()
  await signInViaApi(page, 'auditor', baseURL!, 'main/parameter-management')
  await expect(page.getByRole('table')).toBeVisible()
  expect(violations).toEqual([])
})

test('the API reference renders and offers the bearer token, without a CSP violation', async ({
  page,
  baseURL,
}) => {
  const violations = await watchViolations(page)
  const origin = new URL(baseURL!).origin
  const res = await page.goto(`${origin}/admin/docs`)
  expect(res?.headers()['content-security-policy']).toContain("script-src 'self'")
  await expect(page.getByText('VCC Management Platform admin API').first()).toBeVisible()
  // Operations declare the bearer scheme, so the reference offers to authorise them.
  await expect(page.getByRole('button', { name: /Authorize/ }).first()).toBeVisible()
  await expect(page.locator('.opblock').first()).toBeVisible()
  expect(violations).toEqual([])
})

test('/login fetches no script its HTML did not announce (one round, not three)', async ({
  page,
}) => {
  const scripts: string[] = []
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname)
  })
  const res = await page.goto('login')
  const html = await res!.text()
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible()
  const inHtml = new Set(
    [...html.matchAll(/<(?:script[^>]*src|link[^>]*href)="([^"]+\.js)"/g)].map((m) => m[1]),
  )
  expect(scripts.length).toBeGreaterThan(3)
  expect(scripts.filter((s) => !inHtml.has(s))).toEqual([])
  // Nothing of the signed-in console before sign-in (issue 11): no session machine (xstate),
  // no form library or schemas (react-hook-form, zod, the validators built on it), no palette.
  expect(scripts.filter((s) => /xstate|zod|validators|react-hook-form|cmdk/i.test(s))).toEqual([])
})
