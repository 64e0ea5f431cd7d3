import { sql } from 'drizzle-orm'
import { dictionaries } from '../../../src/resources/dictionaries'
import { NO_SCREEN, resourceSuite } from '../../testing/resourceSuite'

// The kit's shared suite on dictionaries; their own rules are in dicts.test.ts.
resourceSuite({
  def: dictionaries,
  bulk: 10_000,
  // One statement: codes bulk_00001…, names in the reverse order, every fourth of type 'biz',
  // every other one active, creation times in a third order.
  insertBulk: (db, n) =>
    db
      .execute(
        sql`
      insert into dicts (code, name, type, remark, active, loading, created_at, updated_at)
      select 'bulk_' || lpad(i::text, 5, '0'), 'Name ' || lpad((${n} - i)::text, 5, '0'),
             case when i % 4 = 0 then 'biz' else 'system' end, '', i % 2 = 0, false,
             timestamp '2026-01-01' + ((i * 7919) % ${n}) * interval '1 second',
             timestamp '2026-01-01'
      from generate_series(1, ${n}) as i`,
      )
      .then(() => undefined),
  bulkBody: { filters: { code: 'bulk_' } },
  filterCases: {
    code: [
      { filters: { code: 'BULK_0000' }, total: 9 },
      // `_` matches itself: the 10,000 `bulk` rows and the nine seeded codes with one
      // (card_status, transaction_status, account_transaction_type, card_usage_type,
      // card_state, card_block_reason, decline_reason, card_transaction_type, …).
      { filters: { code: '_' }, total: 10_009 },
      { filters: { code: '%' }, total: 0 },
    ],
    name: [{ filters: { code: 'bulk', name: 'name 0999' }, total: 10 }],
    type: [
      { filters: { code: 'bulk', type: 'biz' }, total: 2500 },
      { filters: { code: 'bulk', type: 'bi' }, total: 0 },
    ],
    active: [{ filters: { code: 'bulk', active: false }, total: 5000 }],
  },
  // Reference data every back-office user reads; merchant users have no such screen.
  reach: {
    platformAdmin: { total: 10_009 },
    companyAdmin: { total: 10_009 },
    merchantUser: NO_SCREEN,
    auditor: { total: 10_009 },
    limitedInCompany: { total: 10_009 },
    limitedNoCompany: { total: 10_009 },
  },
  users: { admin: 'admin', noMenu: 'merchant.user', viewOnly: 'auditor' },
  validSave: { code: 'by_viewer', name: 'x' },
})
