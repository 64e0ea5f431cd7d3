import { sql } from 'drizzle-orm'
import { dictValues } from '../../../src/resources/dictionaries'
import { NO_SCREEN, resourceSuite } from '../../testing/resourceSuite'

/** A dictionary id far above the seeded ones, so the suite's static body can name it. */
const DICT = 900_001

// The kit's shared suite on dictionary values (scoped by their parent, `dictId`); their own
// rules (parents, one default, codes per dictionary) are in values.test.ts.
resourceSuite({
  def: dictValues,
  bulk: 1_200,
  // Two statements: the dictionary, then its values: codes v_00001…, names in the reverse
  // order, seq and creation times in two other orders, every other one active, one default.
  insertBulk: async (db, n) => {
    await db.execute(sql`
      insert into dicts (id, code, name, type, remark, active, loading, created_at, updated_at)
      values (${DICT}, 'bulk_values', 'Bulk values', '', '', true, false, now(), now())`)
    await db.execute(sql`
      insert into dict_details (dict_id, code, name, seq, descriptor, parent_id, other_text,
                                active, is_default, created_at, updated_at)
      select ${DICT}, 'v_' || lpad(i::text, 5, '0'), 'Name ' || lpad((${n} - i)::text, 5, '0'),
             (i * 37) % ${n}, '', null, '', i % 2 = 0, i = 1,
             timestamp '2026-01-01' + ((i * 7919) % ${n}) * interval '1 second',
             timestamp '2026-01-01'
      from generate_series(1, ${n}) as i`)
  },
  bulkBody: { dictId: DICT },
  filterCases: {
    code: [
      { filters: { code: 'V_0000' }, total: 9 },
      { filters: { code: '%' }, total: 0 },
    ],
    name: [{ filters: { name: 'name 0099' }, total: 10 }],
    active: [{ filters: { active: false }, total: 600 }],
    isDefault: [
      { filters: { isDefault: true }, total: 1 },
      { filters: { isDefault: false }, total: 1_199 },
    ],
  },
  parentBody: { dictId: DICT },
  // Reference data every back-office user reads; merchant users have no such screen.
  reach: {
    platformAdmin: { total: 1_200 },
    companyAdmin: { total: 1_200 },
    merchantUser: NO_SCREEN,
    auditor: { total: 1_200 },
    limitedInCompany: { total: 1_200 },
    limitedNoCompany: { total: 1_200 },
  },
  users: { admin: 'admin', noMenu: 'merchant.user', viewOnly: 'auditor' },
  validSave: { dictId: DICT, code: 'by_viewer', name: 'x' },
})
