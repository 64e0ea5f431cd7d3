import { hashPassword } from '../../auth/passwords'
import { companies, merchants, users } from '../../db/schema'
import type { Deps } from '../../deps'

/**
 * The demo organisation: a parent company and its child, three merchants, and one user of each
 * demo role (their passwords are in the README). `roleIds` maps role names to ids.
 */
export async function seedOrgDemo(deps: Deps, roleIds: Record<string, number>) {
  const [parent] = await deps.db
    .insert(companies)
    .values({
      name: 'Northwind Payments Ltd',
      agreementNo: 'AGR-2026-001',
      country: 'SG',
      copyright: '© Northwind Payments',
    })
    .returning()
  const [child] = await deps.db
    .insert(companies)
    .values({
      parentId: parent.id,
      name: 'Northwind Travel Pte',
      agreementNo: 'AGR-2026-002',
      country: 'SG',
    })
    .returning()
  const merchantRows = await deps.db
    .insert(merchants)
    .values([
      {
        companyId: parent.id,
        name: 'Blue Harbor Hotels',
        registrationNo: 'SG-201912345K',
        country: 'SG',
        referralCode: 'BHH001',
      },
      {
        companyId: child.id,
        name: 'Skyline Air Tickets',
        registrationNo: 'SG-202054321A',
        country: 'SG',
        referralCode: 'SKY002',
      },
      {
        companyId: child.id,
        name: 'Lotus Car Rental',
        registrationNo: 'TH-0105560000123',
        country: 'TH',
        referralCode: 'LCR003',
      },
    ])
    .returning()

  const demoUsers = [
    {
      loginName: 'admin',
      password: 'Admin@123456',
      nickName: 'Platform Admin',
      role: 'Platform administrator',
      email: 'admin@vcc.local',
      sensitiveVisible: true,
    },
    {
      loginName: 'company.admin',
      password: 'Company@123456',
      nickName: 'Company Admin',
      role: 'Company administrator',
      email: 'company.admin@vcc.local',
      companyId: parent.id,
    },
    {
      loginName: 'merchant.user',
      password: 'Merchant@123456',
      nickName: 'Merchant User',
      role: 'Merchant user',
      email: 'merchant.user@vcc.local',
      companyId: child.id,
      merchantId: merchantRows[1].id,
    },
    {
      loginName: 'auditor',
      password: 'Auditor@123456',
      nickName: 'Auditor',
      role: 'Auditor',
      email: null,
    },
  ]
  for (const u of demoUsers) {
    await deps.db.insert(users).values({
      loginName: u.loginName,
      nickName: u.nickName,
      email: u.email,
      roleId: roleIds[u.role],
      companyId: u.companyId ?? null,
      merchantId: u.merchantId ?? null,
      sensitiveVisible: u.sensitiveVisible ?? false,
      passwordHash: await hashPassword(u.password),
    })
  }
  return { parent, merchantRows }
}
