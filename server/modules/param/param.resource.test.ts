import { sql } from 'drizzle-orm'
import { parameters } from '../../../src/resources/parameters'
import { NO_SCREEN, resourceSuite } from '../../testing/resourceSuite'

// The kit's shared suite (paging, sizes, sort, filters, permissions, export) on parameters;
// their own rules are in param.test.ts.
resourceSuite({
  def: parameters,
  bulk: 10_000,
  // One statement: names bulk-00001…, every third active, creation times in another order.
  insertBulk: (db, n) =>
    db
      .execute(
        sql`
      insert into parameters (name, value, description, active, editable, created_at, updated_at)
      select 'bulk-' || lpad(i::text, 5, '0'), i::text, 'bulk row ' || i, i % 3 = 0, true,
             timestamp '2026-01-01' + ((i * 7919) % ${n}) * interval '1 second',
             timestamp '2026-01-01'
      from generate_series(1, ${n}) as i`,
      )
      .then(() => undefined),
  bulkBody: { filters: { name: 'bulk-' } },
  filterCases: {
    name: [
      { filters: { name: 'BULK-0000' }, total: 9 },
      { filters: { name: '  bulk-1  ' }, total: 1 },
      // Wildcards match themselves: only the seeded names with an underscore.
      { filters: { name: '_' }, total: 3 },
      { filters: { name: '' }, total: 10_008 },
    ],
    active: [
      { filters: { name: 'bulk-', active: true }, total: 3333 },
      { filters: { name: 'bulk-', active: false }, total: 6667 },
    ],
    createdAt: [
      {
        filters: { name: 'bulk-', createdAt: { from: '2026-01-01', to: '2026-01-01' } },
        total: 10_000,
      },
      { filters: { name: 'bulk-', createdAt: { from: '2026-01-02' } }, total: 0 },
      { filters: { name: 'bulk-', createdAt: { to: '2025-12-31' } }, total: 0 },
    ],
  },
  // The platform's screen: the eight demo parameters and the bulk.
  reach: {
    platformAdmin: { total: 10_008 },
    companyAdmin: NO_SCREEN,
    merchantUser: NO_SCREEN,
    auditor: { total: 10_008 },
    limitedInCompany: NO_SCREEN,
    limitedNoCompany: NO_SCREEN,
  },
  users: { admin: 'admin', noMenu: 'merchant.user', viewOnly: 'auditor' },
  validSave: { name: 'by.viewer', value: '1' },
})
