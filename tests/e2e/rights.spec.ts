import { expect, test, type APIRequestContext } from '@playwright/test'
import { apiCall, apiToken } from './api'
import { RIGHTS_USER } from './e2eUsers'
import { openSignedIn } from './fixtures'

/*
 * The console follows its user's rights at once (docs/console-shell.md, "Rights follow at
 * once"): an administrator takes a button from a role through the API while a holder has the
 * screen open; the holder's button is disabled on that screen, saying why, without a reload.
 */
interface GrantMenu {
  buttons: { id: number; code: string }[]
}
interface RoleDetail {
  roleId: number
  name: string
  description: string
  allMerchants: boolean
  menuIds: number[]
  buttonIds: number[]
}

async function rightsRole(request: APIRequestContext, token: string) {
  const found = await apiCall<{ list: { id: number; name: string }[] }>(
    request,
    token,
    '/role/list',
    { pageNum: 1, pageSize: 10, filters: { name: RIGHTS_USER.role } },
  )
  const roleId = found.list.find((r) => r.name === RIGHTS_USER.role)!.id
  return apiCall<RoleDetail>(request, token, '/role/detail', { roleId })
}

const save = (request: APIRequestContext, token: string, role: RoleDetail, buttonIds: number[]) =>
  apiCall(request, token, '/role/save', {
    roleId: role.roleId,
    name: role.name,
    description: role.description,
    allMerchants: role.allMerchants,
    menuIds: role.menuIds,
    buttonIds,
  })

test('a button taken from a role is disabled on its holder’s open screen within 5 s, without a reload', async ({
  page,
  request,
}) => {
  const admin = await apiToken(request)
  const role = await rightsRole(request, admin)
  const tree = await apiCall<GrantMenu[]>(request, admin, '/role/tree', { roleId: role.roleId })
  const freezeId = tree.flatMap((m) => m.buttons).find((b) => b.code === 'cards-balance:freeze')!.id
  // A retried attempt finds the role as the first left it: give the button back first.
  if (!role.buttonIds.includes(freezeId)) {
    await save(request, admin, role, [...role.buttonIds, freezeId])
    role.buttonIds.push(freezeId)
  }

  await openSignedIn(page, RIGHTS_USER, 'main/cards-balance')
  const freeze = page
    .getByRole('toolbar', { name: 'Actions' })
    .getByRole('button', { name: 'Freeze', exact: true })
  await expect(freeze).toBeEnabled()
  // The user holds Freeze: the screen is not view only.
  await expect(page.getByTestId('view-only')).toHaveCount(0)
  // A property of this document: gone on a reload, so it proves there was none.
  await page.evaluate(() => ((window as { sameDocument?: boolean }).sameDocument = true))

  try {
    await save(
      request,
      admin,
      role,
      role.buttonIds.filter((id) => id !== freezeId),
    )
    await expect(freeze).toBeDisabled({ timeout: 5000 })
    await expect(freeze).toHaveAttribute('title', /does not grant this button/)
    expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(
      true,
    )
    await expect(page).toHaveURL(/\/main\/cards-balance/)
  } finally {
    await save(request, admin, role, role.buttonIds)
  }
})
