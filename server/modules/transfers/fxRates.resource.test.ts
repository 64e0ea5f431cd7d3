import { sql } from 'drizzle-orm'
import { fxRates } from '../../../src/resources/fxRates'
import { NO_SCREEN, resourceSuite } from '../../testing/resourceSuite'

// The kit's shared suite on FX rates (accounts-fx-rate); their own rules: transfers.test.ts.
resourceSuite({
  def: fxRates,
  bulk: 2_000,
  // Pairs Q0001→Z0001… (not real codes: the table only stores them), updated on other days.
  insertBulk: (db, n) =>
    db
      .execute(
        sql`
      insert into fx_rates (base_currency, quote_currency, rate, spread_bps, updated_by, created_at, updated_at)
      select 'Q' || lpad(i::text, 4, '0'), 'Z' || lpad(((i * 7) % ${n})::text, 4, '0'), '1.5', i % 100, 'bulk',
             timestamp '2026-01-01', timestamp '2026-01-01' + ((i * 7919) % ${n}) * interval '1 second'
      from generate_series(1, ${n}) as i`,
      )
      .then(() => undefined),
  bulkBody: { filters: { baseCurrency: 'q' } },
  filterCases: {
    baseCurrency: [
      { filters: { baseCurrency: 'Q000' }, total: 9 },
      { filters: { baseCurrency: 'usd' }, total: 3 },
    ],
    quoteCurrency: [{ filters: { baseCurrency: 'q', quoteCurrency: 'Z000' }, total: 10 }],
    updatedAt: [
      {
        filters: { baseCurrency: 'q', updatedAt: { from: '2026-01-01', to: '2026-01-01' } },
        total: 2_000,
      },
      { filters: { baseCurrency: 'q', updatedAt: { from: '2026-01-02' } }, total: 0 },
    ],
  },
  // The platform's screen: the eight demo rates and the bulk.
  reach: {
    platformAdmin: { total: 2_008 },
    companyAdmin: NO_SCREEN,
    merchantUser: NO_SCREEN,
    auditor: { total: 2_008 },
    limitedInCompany: NO_SCREEN,
    limitedNoCompany: NO_SCREEN,
  },
  users: { admin: 'admin', noMenu: 'merchant.user', viewOnly: 'auditor' },
  validSave: { baseCurrency: 'USD', quoteCurrency: 'JPY', rate: '150.1', spreadBps: 10 },
})
