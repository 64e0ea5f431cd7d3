import { sql } from 'drizzle-orm'
import { cardholders } from '../../../src/resources/cardholders'
import { roles, users } from '../../db/schema'
import { resourceSuite } from '../../testing/resourceSuite'

// The kit's shared suite on cardholders; their own rules are in cardholders.test.ts. The bulk
// rows belong to Blue Harbor Hotels (the parent company's merchant): the merchant user of
// Skyline Air Tickets reaches none of them. The demo seed holds four cardholders (two of
// Skyline, one of Blue Harbor, one of Lotus); the bulk rows are the only ones at example.org.
resourceSuite({
  def: cardholders,
  bulk: 10_000,
  insertBulk: (db, n) =>
    db
      .execute(
        sql`
      insert into cardholders (merchant_id, first_name, last_name, area_code, phone, email,
        birthday, country, state, city, address, postal_code, created_at, updated_at)
      select (select id from merchants where name = 'Blue Harbor Hotels'), 'Bulk',
             'holder-' || lpad(i::text, 5, '0'), '65', '8' || lpad(i::text, 7, '0'),
             'bulk' || i || '@example.org', '1990-01-01', 'SG', '01', 'Singapore', 'Street ' || i,
             '048616', timestamp '2026-01-01' + ((i * 7919) % ${n}) * interval '1 second',
             timestamp '2026-01-01'
      from generate_series(1, ${n}) as i`,
      )
      .then(() => undefined),
  bulkBody: { filters: { email: '@example.org' } },
  filterCases: {
    lastName: [
      { filters: { lastName: 'HOLDER-0000' }, total: 9 },
      { filters: { lastName: 'tan' }, total: 1 },
    ],
    email: [
      { filters: { email: '@example.org' }, total: 10_000 },
      { filters: { email: '@example.com' }, total: 4 },
    ],
    merchantId: [
      // Ids of the demo merchants, in seed order: Blue Harbor 1, Skyline 2, Lotus 3.
      { filters: { merchantId: 1 }, total: 10_001 },
      { filters: { merchantId: 2 }, total: 2 },
      { filters: { merchantId: 3 }, total: 1 },
    ],
    isDefault: [
      { filters: { isDefault: true }, total: 3 },
      { filters: { email: '@example.org', isDefault: false }, total: 10_000 },
    ],
  },
  // Every demo role holds the screen (merchant and company users manage their cardholders):
  // the user without it is made here.
  prepare: async (db) => {
    const [role] = await db.insert(roles).values({ name: 'Without cardholders' }).returning()
    await db
      .insert(users)
      .values({ loginName: 'no.cardholders', roleId: role.id, passwordHash: 'unused' })
  },
  // The company administrator's company is the parent of every demo merchant; the merchant
  // user reaches its own merchant's two cardholders only, none of the bulk.
  reach: {
    platformAdmin: { total: 10_004 },
    companyAdmin: { total: 10_004 },
    merchantUser: { total: 2, inReach: (row) => row.merchantName === 'Skyline Air Tickets' },
    auditor: { total: 10_004 },
    // Limited to Skyline (issue 25), with or without a company: its two cardholders only.
    limitedInCompany: { total: 2, inReach: (row) => row.merchantName === 'Skyline Air Tickets' },
    limitedNoCompany: { total: 2, inReach: (row) => row.merchantName === 'Skyline Air Tickets' },
  },
  users: { admin: 'admin', noMenu: 'no.cardholders', viewOnly: 'auditor' },
  outsider: 'merchant.user',
  validSave: {
    merchantId: 1,
    firstName: 'View',
    lastName: 'Only',
    areaCode: '65',
    phone: '81112222',
    email: 'view.only@example.com',
    birthday: '1990-01-01',
    country: 'SG',
    state: '01',
    city: 'Singapore',
    address: '1 Road',
    postalCode: '048616',
  },
})
