import { sql } from 'drizzle-orm'
import { cardBins } from '../../../src/resources/cardBins'
import { NO_SCREEN, resourceSuite } from '../../testing/resourceSuite'

// The kit's shared suite on card BINs; their own rules are in cardBins.test.ts. The demo seed
// holds four BINs (485932 visa USD prepaid, 52311245 mastercard SGD shared, and the groups
// demo's visa shared 41118800 SGD and 41118900 USD): the bulk rows are the only EUR ones.
resourceSuite({
  def: cardBins,
  bulk: 10_000,
  // One statement: BINs 100001…110000 on the sandbox channel, creation times in another order.
  insertBulk: (db, n) =>
    db
      .execute(
        sql`
      insert into card_bins (bin, channel_id, scheme, currency, card_mode, region, active, created_at, updated_at)
      select '1' || lpad(i::text, 5, '0'), (select id from channels where code = 'sandbox'),
             case when i % 2 = 0 then 'visa' else 'mastercard' end, 'EUR',
             case when i % 4 = 0 then 'shared' else 'prepaid' end, 'DE', i % 3 = 0,
             timestamp '2026-01-01' + ((i * 7919) % ${n}) * interval '1 second',
             timestamp '2026-01-01'
      from generate_series(1, ${n}) as i`,
      )
      .then(() => undefined),
  bulkBody: { filters: { currency: 'EUR' } },
  filterCases: {
    bin: [
      { filters: { bin: '10001' }, total: 10 },
      { filters: { bin: ' 485932 ' }, total: 1 },
      { filters: { bin: '_' }, total: 0 },
    ],
    scheme: [
      { filters: { scheme: 'mastercard' }, total: 5001 },
      { filters: { scheme: 'visa', currency: 'EUR' }, total: 5000 },
      { filters: { scheme: 'vis' }, total: 0 },
    ],
    currency: [
      { filters: { currency: 'EUR' }, total: 10_000 },
      { filters: { currency: 'USD' }, total: 2 },
    ],
    cardMode: [
      { filters: { currency: 'EUR', cardMode: 'shared' }, total: 2500 },
      { filters: { cardMode: 'prepaid' }, total: 7501 },
    ],
    active: [
      { filters: { currency: 'EUR', active: true }, total: 3333 },
      { filters: { currency: 'EUR', active: false }, total: 6667 },
    ],
  },
  // The platform's screen: the three demo BINs and the bulk, for the administrator and the
  // auditor; company and merchant users have no such screen.
  reach: {
    platformAdmin: { total: 10_004 },
    companyAdmin: NO_SCREEN,
    merchantUser: NO_SCREEN,
    auditor: { total: 10_004 },
    limitedInCompany: NO_SCREEN,
    limitedNoCompany: NO_SCREEN,
  },
  users: { admin: 'admin', noMenu: 'merchant.user', viewOnly: 'auditor' },
  validSave: {
    bin: '999999',
    channelId: 1,
    scheme: 'visa',
    currency: 'USD',
    cardMode: 'prepaid',
    region: 'SG',
  },
})
