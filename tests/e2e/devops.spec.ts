import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import { signInViaApi } from './shellSupport'

/**
 * devops-index: the platform administrator opens it from the side menu and sees the last
 * hour's figures, a refused webhook delivery among them; nobody else has it. Screenshots in
 * both languages and both themes.
 */

async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).include('.vcc-page').analyze()
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  expect(bad.map((v) => `${v.id}: ${v.help}`)).toEqual([])
}

/** A delivery signed with the wrong key: the webhook refuses it (401, bad signature). */
async function refusedDelivery(page: Page, baseURL: string) {
  const res = await page.request.post(`${new URL(baseURL).origin}/admin/channels/webhook/sandbox`, {
    data: { id: 'e2e-devops', type: 'card.creation' },
    headers: {
      'X-Channel-Timestamp': String(Math.floor(Date.now() / 1000)),
      'X-Channel-Signature': 'not-a-signature',
    },
  })
  expect(res.status()).toBe(401)
}

/** Tops up three active cards by 1.00: calls to their channel (`topUp`). */
async function topUpSomeCards(page: Page, baseURL: string, token: string) {
  const api = (path: string, data: unknown) =>
    page.request.post(`${new URL(baseURL).origin}/admin${path}`, {
      data,
      headers: { Authorization: `Bearer ${token}` },
    })
  const list = await (
    await api('/card/list', { pageNum: 1, pageSize: 10, filters: { status: 'active' } })
  ).json()
  const cards = (list.data.list as { id: number }[]).slice(0, 3)
  expect(cards.length).toBeGreaterThan(0)
  for (const [i, card] of cards.entries()) {
    const res = await api('/card-ops/top-up', {
      id: card.id,
      amount: 100,
      requestId: `e2e-devops-${Date.now()}-${i}`,
    })
    // Done, or refused by the channel: a call was made either way.
    expect(res.status()).toBeLessThan(500)
  }
}

test('admin: devops-index from the side menu shows the last hour’s figures', async ({
  page,
  baseURL,
}) => {
  await refusedDelivery(page, baseURL!)
  await signInViaApi(page, 'admin', baseURL!)
  const menu = page.getByRole('navigation', { name: 'Main menu' })
  await menu.getByRole('link', { name: 'DevOps dashboard' }).click()
  await expect(page).toHaveURL(/\/main\/devops-index$/)
  await expect(page.getByRole('heading', { name: 'DevOps dashboard', level: 1 })).toBeVisible()

  await expect(page.getByTestId('db-p50')).toHaveText(/^[0-9.,]+ ms$/)
  const webhooks = page.getByRole('heading', { name: 'Webhook deliveries' }).locator('xpath=../..')
  await expect(webhooks.getByRole('row', { name: /Bad signature/ })).toBeVisible()
  expect(Number(await webhooks.getByTestId('webhooks-refused').textContent())).toBeGreaterThan(0)
  const queues = page.getByRole('heading', { name: 'Job queues' }).locator('xpath=../..')
  // The job system's queues, each with its schedule in words.
  const holdExpiry = queues.getByTestId('queue-hold-expiry')
  await expect(holdExpiry.getByRole('rowheader', { name: 'Hold expiry' })).toBeVisible()
  await expect(holdExpiry.getByRole('cell', { name: 'Every 15 seconds' })).toBeVisible()
  await expect(
    queues.getByRole('rowheader', { name: 'Sandbox creation results delivery' }),
  ).toBeVisible()
  const routes = page.getByRole('heading', { name: 'Error rate by route' }).locator('xpath=../..')
  await expect(
    routes.getByRole('rowheader', { name: 'POST /channels/webhook/:channelCode' }),
  ).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Channel health' })).toBeVisible()
  // The chart is drawn (the library arrives with it).
  await expect(page.getByRole('img', { name: 'Requests per minute' })).toBeVisible()
  await expect(page.locator('.recharts-bar-rectangle').first()).toBeVisible()
  await expectAccessible(page)
})

test('merchant.user: no menu entry, and the address leads to the 401 page', async ({
  page,
  baseURL,
}) => {
  await signInViaApi(page, 'merchant', baseURL!)
  const menu = page.getByRole('navigation', { name: 'Main menu' })
  await expect(menu.getByRole('link', { name: 'Dashboard' }).first()).toBeVisible()
  await expect(menu.getByRole('link', { name: 'DevOps dashboard' })).toHaveCount(0)
  await page.goto('main/devops-index')
  await expect(page).toHaveURL(/\/vcc\/error-401\?/)
})

test('screenshots for the docs: devops-index in both languages and both themes', async ({
  page,
  baseURL,
}) => {
  await refusedDelivery(page, baseURL!)
  await page.setViewportSize({ width: 1280, height: 1400 })
  const token = await signInViaApi(page, 'admin', baseURL!, 'main/devops-index')
  await topUpSomeCards(page, baseURL!, token)
  await page.reload()
  // The top-ups reached the channel: its health has the operation, whatever the channel said.
  await expect(page.getByRole('rowheader', { name: 'Top up' })).toBeVisible()
  for (const lang of ['en', 'zh'] as const) {
    await page.evaluate(
      (l) => localStorage.setItem('vcc.language', JSON.stringify(l)),
      lang === 'en' ? 'en-US' : 'zh-CN',
    )
    for (const theme of ['light', 'dark'] as const) {
      await page.evaluate((t) => localStorage.setItem('vcc.theme', JSON.stringify(t)), theme)
      await page.reload()
      await expect(page.locator('.radix-themes').first()).toHaveClass(new RegExp(`\\b${theme}\\b`))
      await expect(page.getByTestId('db-p50')).toBeVisible()
      await expect(page.locator('.recharts-bar-rectangle').first()).toBeVisible()
      await page.mouse.move(0, 1399)
      await page.screenshot({
        path: `docs/screenshots/devops-${lang}-${theme}.png`,
        fullPage: true,
      })
    }
  }
  await expectAccessible(page)
})
