import { expect, test, type Page } from '@playwright/test'
import { apiCall, apiToken } from './api'
import { choose, expectAccessible, openSignedIn, USERS } from './fixtures'

/**
 * The audit log (issue 20, docs/audit.md): a parameter edited through the API is found in
 * audit-log by its action and object, its entry (audit-log-view) shows the change as words in
 * both languages, and audit-user-rights says which role grants the editor a menu. Screenshots
 * of the list and the entry in both languages and themes go to docs/screenshots/.
 */

test.use({ viewport: { width: 1280, height: 900 } })

/** The language and theme the console starts with, then the page loaded again with them. */
async function lookAs(page: Page, language: string, theme: string) {
  await page.evaluate(
    ([l, th]) => {
      localStorage.setItem('vcc.language', JSON.stringify(l))
      localStorage.setItem('vcc.theme', JSON.stringify(th))
    },
    [language, theme],
  )
  await page.reload()
  await expect(page.locator('.radix-themes').first()).toHaveClass(new RegExp(`\\b${theme}\\b`))
}

test('an edit found in the audit log, its before and after as words; why the user may', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000)
  const token = await apiToken(request)
  const name = `e2e.audit.${Date.now()}`
  const made = await apiCall<{ id: number }>(request, token, '/parameter/save', {
    name,
    value: '30',
  })
  await apiCall(request, token, '/parameter/save', {
    id: made.id,
    name,
    value: '45',
    active: false,
  })

  // The list, filtered by the action and the object as the reader names them.
  await openSignedIn(page, USERS.admin, 'main/audit-log')
  await expect(page.getByRole('heading', { name: 'Audit log', level: 1 })).toBeVisible()
  await choose(page, 'Action', 'Edited system parameter')
  await choose(page, 'Object', 'System parameter')
  await page.getByLabel('Object (type:ID)', { exact: true }).fill(`param:${made.id}`)
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  await expect(page.getByTestId('list-total')).toHaveText('Total 1')
  // The object by its name as of the entry, not its id.
  const row = page.getByRole('row').filter({ hasText: `System parameter ${name}` })
  await expect(row).toContainText('Edited system parameter')
  await expect(row).toContainText('admin')
  const list = page.url()

  // Its entry: who and what, and the change field by field in words.
  await page.keyboard.press('j')
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { name: 'Audit entry', level: 1 })).toBeVisible()
  const fields = page.getByTestId('view-fields')
  await expect(fields).toContainText('Edited system parameter')
  await expect(fields).toContainText(`System parameter ${name}`)
  const changes = page.getByTestId('audit-changes')
  await expect(changes.getByRole('row', { name: /^Value/ }).getByRole('cell')).toHaveText([
    '30',
    '45',
  ])
  await expect(changes.getByRole('row', { name: /^Active/ }).getByRole('cell')).toHaveText([
    'Yes',
    'No',
  ])
  await expect(page.getByRole('main')).not.toContainText('param.update')
  const entry = page.url()

  // The same in zh-CN: every label in Chinese, no code.
  await lookAs(page, 'zh-CN', 'light')
  await expect(page.getByRole('heading', { name: '审计记录', level: 1 })).toBeVisible()
  await expect(fields).toContainText('编辑系统参数')
  await expect(fields).toContainText(`系统参数「${name}」`)
  await expect(changes.getByRole('columnheader')).toHaveText(['字段', '变更前', '变更后'])
  await expect(changes.getByRole('row', { name: /^启用/ }).getByRole('cell')).toHaveText([
    '是',
    '否',
  ])
  await expect(page.getByRole('main')).not.toContainText(/param\.update|param:|Edited|Active/)
  await expectAccessible(page, 'main')

  // Screenshots: the list and the entry, each language in each theme.
  for (const [language, short] of [
    ['en-US', 'en'],
    ['zh-CN', 'zh'],
  ] as const) {
    for (const theme of ['light', 'dark'] as const) {
      for (const [url, shot] of [
        [list, 'audit-log'],
        [entry, 'audit-entry'],
      ] as const) {
        await page.goto(url)
        await lookAs(page, language, theme)
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(
          shot === 'audit-log'
            ? language === 'en-US'
              ? 'Audit log'
              : '审计日志'
            : language === 'en-US'
              ? 'Audit entry'
              : '审计记录',
        )
        await expect(
          shot === 'audit-log' ? page.getByTestId('list-total') : page.getByTestId('audit-changes'),
        ).toBeVisible()
        await page.screenshot({ path: `docs/screenshots/${shot}-${short}-${theme}.png` })
      }
    }
  }

  // Why may admin do this? Its role grants it the audit log.
  await lookAs(page, 'en-US', 'light')
  await page.getByRole('link', { name: 'Why can this user do this?' }).click()
  await expect(page).toHaveURL(/\/main\/audit-user-rights\?userId=\d+/)
  const rights = page.getByTestId('user-rights')
  await expect(rights).toContainText('Platform administrator')
  await expect(
    rights
      .getByRole('row', { name: /^Audit log/ })
      .getByRole('cell')
      .last(),
  ).toHaveText('Platform administrator')
})

/** Opens the newest entry the list shows for `filters` (the list's search params). */
async function openEntry(page: Page, filters: Record<string, string>) {
  const query = new URLSearchParams(filters).toString()
  await page.goto(`main/audit-log?${query}`)
  await expect(page.getByTestId('list-total')).not.toHaveText('Total 0')
  await page.keyboard.press('j')
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('view-fields')).toBeVisible()
}

test('a role change, a freeze and a refusal read in words in both languages', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000)
  const token = await apiToken(request)
  // A role copied from "Merchant user", then one of its buttons taken away.
  const roles = await apiCall<{ list: { id: number; name: string }[] }>(
    request,
    token,
    '/role/list',
    { pageNum: 1, pageSize: 50, filters: { name: 'Merchant user' } },
  )
  const source = roles.list.find((r) => r.name === 'Merchant user')!
  const detail = await apiCall<{ menuIds: number[]; buttonIds: number[] }>(
    request,
    token,
    '/role/detail',
    { roleId: source.id },
  )
  const roleName = `Support ${Date.now() % 100000}`
  const made = await apiCall<{ roleId: number }>(request, token, '/role/save', {
    name: roleName,
    description: 'Support desk',
    allMerchants: false,
    menuIds: detail.menuIds,
    buttonIds: detail.buttonIds,
  })
  await apiCall(request, token, '/role/save', {
    roleId: made.roleId,
    name: roleName,
    description: 'Support desk',
    allMerchants: false,
    menuIds: detail.menuIds,
    buttonIds: detail.buttonIds.slice(1),
  })
  // A card frozen and a refused attempt (the auditor may look, not add).
  const cards = await apiCall<{ list: { id: number; status: string }[] }>(
    request,
    token,
    '/card/list',
    { pageNum: 1, pageSize: 20, filters: { status: 'active' } },
  )
  const card = cards.list.find((c) => c.status === 'active')!
  await apiCall(request, token, '/card-ops/freeze', {
    id: card.id,
    reasonCode: 'suspectedFraud',
    note: 'Cardholder called',
  })
  const auditor = await apiToken(request, USERS.auditor)
  await request.post(`http://127.0.0.1:${process.env.E2E_PORT ?? 4310}/admin/role/save`, {
    data: { name: 'Sneaky', description: '', allMerchants: false, menuIds: [1], buttonIds: [] },
    headers: { Authorization: `Bearer ${auditor}` },
  })

  await openSignedIn(page, USERS.admin, 'main/audit-log')
  for (const [language, short] of [
    ['en-US', 'en'],
    ['zh-CN', 'zh'],
  ] as const) {
    await lookAs(page, language, 'light')
    await openEntry(page, { target: `role:${made.roleId}`, action: 'role.update' })
    await expect(page.getByTestId('view-fields')).toContainText(roleName)
    const changes = page.getByTestId('audit-changes')
    await expect(changes).toBeVisible()
    await expect(changes).not.toContainText(/[a-z-]+:[a-z-]+/)
    await page.screenshot({ path: `docs/screenshots/audit-role-${short}.png` })

    await openEntry(page, { target: `card:${card.id}`, action: 'card.freeze' })
    await expect(page.getByTestId('audit-changes')).toContainText('Cardholder called')
    await page.screenshot({ path: `docs/screenshots/audit-freeze-${short}.png` })

    await page.goto('main/audit-log?outcome=refused')
    await expect(page.getByTestId('list-total')).not.toHaveText('Total 0')
    await page.screenshot({ path: `docs/screenshots/audit-refusals-${short}.png` })
    await openEntry(page, { outcome: 'refused' })
    await expect(page.getByTestId('audit-refusal')).toContainText('1403')
    await page.screenshot({ path: `docs/screenshots/audit-refusal-${short}.png` })
    if (language === 'zh-CN')
      await expect(page.getByRole('main')).not.toContainText(/role-management|Refused|Add/)
  }
})
