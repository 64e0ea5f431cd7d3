import { expect, test, type Page } from '@playwright/test'
import { apiCall, apiToken } from './api'
import { auditRows, choose, mailbox, nextMail, openSignedIn, toast, USERS } from './fixtures'
import { linkIn } from './mail'
import { arrowTo, treeItem } from './roleTree'
import { MAIN_PORT } from '../../playwright.config'

/**
 * Issue 20, "Done when", by keyboard: the admin makes a role with two screens and one button,
 * gives it to a new administrator, whose activation mail arrives; the new administrator sets a
 * password at first login and holds exactly those two screens; the admin takes the button
 * back and the new administrator's next call to it is refused; the audit log has each step
 * with before and after. (The same refusal on a second instance: roles.cluster.test.ts.)
 */

test.describe.configure({ mode: 'serial' })

const RUN = Date.now().toString(36)
const ROLE = `Dictionary clerk ${RUN}`
const LOGIN = `clerk.${RUN}`
const EMAIL = `${LOGIN}@example.test`
const PASSWORD = 'Clerk@2026x'

/** Tab until the dialog's Save has the focus, then press it. */
async function saveReviewed(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Save these changes?' })
  await expect(dialog).toBeVisible()
  const save = dialog.getByRole('button', { name: 'Save', exact: true })
  for (let i = 0; i < 6 && !(await save.evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press('Tab')
  await expect(save).toBeFocused()
  await page.keyboard.press('Enter')
  return dialog
}

/** The dictionary the clerk tries to add: its Add button is what the role grants, then not. */
const addDictionary = (request: Parameters<typeof apiToken>[0], token: string, n: number) =>
  request
    .post(`http://127.0.0.1:${MAIN_PORT}/admin/dict/save`, {
      data: { code: `CLERK_${RUN}_${n}`, name: `Clerk ${n}` },
      headers: { Authorization: `Bearer ${token}` },
    })
    .then(async (res) => (await res.json()) as { code: number })

test('a role, an administrator with it, activation, exactly its screens, a right taken back, the audit', async ({
  page,
  browser,
  request,
}) => {
  // Five screens, a mail and a second browser: a journey, not one page.
  test.setTimeout(240_000)
  // 1. The role: Dashboard, Dictionaries and its Add button, chosen in the tree.
  await openSignedIn(page, USERS.admin, 'main/role-management')
  await expect(async () => {
    await page.keyboard.press('n')
    await expect(page).toHaveURL(/\/main\/role-management-save$/, { timeout: 1000 })
  }).toPass()
  await expect(page.getByLabel('Role name', { exact: true })).toBeFocused()
  await expect(page.getByRole('tree')).toBeVisible()
  await page.keyboard.type(ROLE)
  await page.keyboard.press('Tab')
  await page.keyboard.type('Keeps the dictionaries')
  await page.keyboard.press('Tab')
  await page.keyboard.press('Tab')
  await expect(page.getByRole('tree').getByRole('treeitem').first()).toBeFocused()
  await arrowTo(page, 'Dashboard')
  await page.keyboard.press('Space')
  await arrowTo(page, 'Dictionaries')
  await page.keyboard.press('ArrowRight')
  await page.keyboard.press('ArrowRight')
  await page.keyboard.press('Space')
  await expect(
    treeItem(page, 'Dictionaries').getByRole('treeitem', { name: 'Add', exact: true }),
  ).toHaveAttribute('aria-checked', 'true')
  await page.keyboard.press('Tab')
  await page.keyboard.press('Enter')
  await saveReviewed(page)
  await expect(toast(page)).toContainText('Added successfully')

  // 2. The administrator, with that role; the activation mail reaches the SMTP server.
  await page.goto('main/user-management')
  await expect(page.getByRole('heading', { name: 'Administrators', level: 1 })).toBeVisible()
  await page.keyboard.press('n')
  await expect(page.getByLabel('Login name', { exact: true })).toBeFocused()
  await page.keyboard.type(LOGIN)
  await page.getByLabel('E-mail', { exact: true }).focus()
  await page.keyboard.type(EMAIL)
  await choose(page, 'Role', ROLE)
  await choose(page, 'Default landing page', 'Dashboard')
  const before = (await mailbox(EMAIL)).length
  await page.getByLabel('Login name', { exact: true }).press('Enter')
  await expect(toast(page)).toContainText('Added successfully')
  const link = linkIn(await nextMail(EMAIL, before), 'firstTimeLogin')

  // 3. First login: the password is set, and the menu holds exactly the two screens.
  const clerkContext = await browser.newContext()
  const clerk = await clerkContext.newPage()
  await clerk.goto(link)
  await clerk.getByLabel('New password', { exact: true }).focus()
  await clerk.keyboard.type(PASSWORD)
  await clerk.getByLabel('Confirm new password', { exact: true }).focus()
  await clerk.keyboard.type(PASSWORD)
  await clerk.keyboard.press('Enter')
  await expect(clerk).toHaveURL(/\/main\/index$/)
  const nav = clerk.getByRole('navigation', { name: 'Main menu' })
  await expect(nav.getByRole('link', { name: 'Dictionaries' })).toBeVisible()
  await expect(nav.getByRole('link', { name: 'Parameters' })).toHaveCount(0)
  const token = await apiToken(request, { loginName: LOGIN, password: PASSWORD })
  type Menus = {
    systemMenuList: { nameKey: string; category: string; isHidden: boolean; subMenuList: [] }[]
    buttonLinkPageList: { code: string }[]
  }
  const pagesOf = (menus: Menus) => {
    const out: string[] = []
    const walk = (list: Menus['systemMenuList']) =>
      list.forEach((m) => {
        if (m.category === 'page' && !m.isHidden) out.push(m.nameKey)
        walk(m.subMenuList ?? [])
      })
    walk(menus.systemMenuList)
    return out.sort()
  }
  const menus = await apiCall<Menus>(request, token, '/menu/query', {})
  expect(pagesOf(menus)).toEqual(['dict-management', 'index'])
  expect(menus.buttonLinkPageList.map((b) => b.code)).toEqual(['dict-management:add'])
  expect((await addDictionary(request, token, 1)).code).toBe(0)

  // 4. The admin takes the button back; the clerk's next call to it is refused.
  const adminToken = await apiToken(request)
  const roles = await apiCall<{ list: { id: number }[] }>(request, adminToken, '/role/list', {
    filters: { name: ROLE },
  })
  const roleId = roles.list[0].id
  await page.goto(`main/role-management-save?id=${roleId}`)
  await expect(page.getByLabel('Role name', { exact: true })).toHaveValue(ROLE)
  await page.getByRole('tree').getByRole('treeitem').first().focus()
  await arrowTo(page, 'Dictionaries')
  await page.keyboard.press('ArrowRight')
  await page.keyboard.press('ArrowRight')
  await page.keyboard.press('Space')
  await page.keyboard.press('Tab')
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: 'Save these changes?' })
  await expect(dialog.getByTestId('role-buttonsRemoved').getByRole('listitem')).toHaveText([
    'Dictionaries › Add',
  ])
  await expect(dialog).toContainText('1 administrator holds this role')
  await expect(dialog.getByTestId('role-view-only')).toContainText('can view its screens')
  await saveReviewed(page)
  await expect(toast(page)).toContainText('Modified successfully')
  expect((await addDictionary(request, token, 2)).code).toBe(1403)
  const after = await apiCall<Menus>(request, token, '/menu/query', {})
  expect(after.buttonLinkPageList).toEqual([])
  await clerkContext.close()

  // 5. The audit log: each step, the role's change with its before and after.
  const created = await auditRows('role.create', `role:${roleId}`)
  expect(created).toHaveLength(1)
  const updated = await auditRows('role.update', `role:${roleId}`)
  expect(updated).toHaveLength(1)
  expect(JSON.stringify(updated[0].detail.before)).toContain('dict-management:add')
  expect(JSON.stringify(updated[0].detail.after)).not.toContain('dict-management:add')
  expect(await auditRows('user.create')).toEqual(
    expect.arrayContaining([expect.objectContaining({ loginName: 'admin' })]),
  )
  expect((await auditRows('user.activate')).some((r) => r.loginName === LOGIN)).toBe(true)
  // On screen, the role's own history: both steps, as words.
  await page.goto(`main/audit-log?target=${encodeURIComponent(`role:${roleId}`)}`)
  await expect(page.getByRole('cell', { name: 'Edited role' }).first()).toBeVisible()
  await expect(page.getByRole('cell', { name: 'Added role' }).first()).toBeVisible()
})
