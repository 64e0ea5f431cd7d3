import { sql } from 'drizzle-orm'
import { channelAccounts } from '../../../src/resources/channelAccounts'
import { NO_SCREEN, resourceSuite } from '../../testing/resourceSuite'

// The kit's shared suite on channel accounts; visibility, transfers and deletes:
// channelAccounts.test.ts. The bulk rows are visible to no company, so the company
// administrator (who has the screen) sees none of them.
resourceSuite({
  def: channelAccounts,
  bulk: 2_000,
  insertBulk: (db, n) =>
    db
      .execute(
        sql`
      insert into channel_accounts (channel_id, currency, bank_name, account_name, account_number, active, created_at, updated_at)
      select (select min(id) from channels), 'K' || lpad(i::text, 4, '0'),
             'Bulk bank ' || lpad(((i * 13) % ${n})::text, 4, '0'), 'Bulk', i::text, i % 4 = 0,
             timestamp '2026-01-01' + ((i * 7919) % ${n}) * interval '1 second', timestamp '2026-01-01'
      from generate_series(1, ${n}) as i`,
      )
      .then(() => undefined),
  bulkBody: { filters: { bankName: 'bulk bank' } },
  filterCases: {
    currency: [
      { filters: { bankName: 'bulk bank', currency: 'k000' }, total: 9 },
      { filters: { currency: 'usd' }, total: 2 },
    ],
    bankName: [{ filters: { bankName: 'BULK BANK 000' }, total: 10 }],
    active: [
      { filters: { bankName: 'bulk bank', active: true }, total: 500 },
      { filters: { bankName: 'bulk bank', active: false }, total: 1_500 },
    ],
  },
  // The company administrator sees the three demo accounts shared with its company (the
  // parent, the seed's first company), none of the bulk; merchant users have no such screen.
  reach: {
    platformAdmin: { total: 2_003 },
    companyAdmin: { total: 3, inReach: (row) => (row.companyIds as number[]).includes(1) },
    merchantUser: NO_SCREEN,
    auditor: { total: 2_003 },
    // Company-level rows: the company's, with or without a merchant list (issue 25); without a
    // company, those of Skyline's company (shared with both demo companies).
    limitedInCompany: { total: 3, inReach: (row) => (row.companyIds as number[]).includes(1) },
    limitedNoCompany: { total: 3, inReach: (row) => (row.companyIds as number[]).includes(2) },
  },
  users: { admin: 'admin', noMenu: 'merchant.user', viewOnly: 'auditor' },
  outsider: 'company.admin',
  validSave: {
    channelId: 1,
    currency: 'JPY',
    bankName: 'By viewer',
    accountName: 'x',
    accountNumber: '1',
  },
})
