import { eq } from 'drizzle-orm'
import type { Db } from '../db/client'
import { merchants, roles, userMerchants, users } from '../db/schema'

/**
 * Two administrators whose merchant access is one merchant (Skyline Air Tickets), with the
 * company administrator's role: one of company.admin's company, one at platform level without a
 * company (issue 25: the list holds for both). The shared resource suite lists as each.
 */
export const LIMITED_USERS = {
  inCompany: 'limited.company',
  noCompany: 'limited.platform',
} as const

export async function addLimitedUsers(db: Db): Promise<void> {
  const [companyAdmin] = await db.select().from(users).where(eq(users.loginName, 'company.admin'))
  const [role] = await db.select().from(roles).where(eq(roles.name, 'Company administrator'))
  const [skyline] = await db
    .select()
    .from(merchants)
    .where(eq(merchants.name, 'Skyline Air Tickets'))
  for (const [loginName, companyId] of [
    [LIMITED_USERS.inCompany, companyAdmin.companyId],
    [LIMITED_USERS.noCompany, null],
  ] as const) {
    const [row] = await db
      .insert(users)
      .values({
        loginName,
        roleId: role.id,
        companyId,
        allMerchants: false,
        passwordHash: companyAdmin.passwordHash,
      })
      .returning()
    await db.insert(userMerchants).values({ userId: row.id, merchantId: skyline.id })
  }
}
