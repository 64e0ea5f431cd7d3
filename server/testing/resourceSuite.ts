import { parse } from 'csv-parse/sync'
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { MessageKey } from '../../src/i18n/keys'
import { PAGE_SIZES, type AnyResource } from '../../src/resources/kit'
import { labelKey } from '../../src/resources/fields'
import type { Db } from '../db/client'
import { createTestApi, type TestApi } from './harness'
import { addLimitedUsers, LIMITED_USERS } from './limitedUsers'
import { sessionFor } from './sessions'

/**
 * The shared suite of the resource kit (DESIGN §5), run once per resource: paging, every page
 * size, sort, each filter, scope, permissions and export. A resource's test file states only its
 * data: how to insert many rows fast, which body selects them, and what each filter finds.
 * Its own rules (uniqueness, built-in rows, parents) stay in its module's tests.
 */
export interface ResourceSuite<R extends AnyResource> {
  def: R
  /** How many rows `insertBulk` writes; the export test reads them all back. */
  bulk: number
  /** Inserts `n` rows with one statement; sort values must differ by field (see `sortValue`). */
  insertBulk(db: Db, n: number): Promise<void>
  /** Body fields selecting exactly the bulk rows (a filter, and the parent when there is one). */
  bulkBody: Record<string, unknown>
  /** The parent every list call needs, when the resource has one (dictionary values). */
  parentBody?: Record<string, unknown>
  /** Per filter, one or more cases: the filters and the total they match. Every filter is needed. */
  filterCases: { [K in keyof R['filters']]: { filters: Record<string, unknown>; total: number }[] }
  /** A signed-in user without the screen (403) and one with it but no buttons (1403). */
  users: { admin: string; noMenu: string; viewOnly: string }
  /** A user with the menu but outside the rows' scope: sees no row, 404 on a detail. */
  outsider?: string
  /** A body valid for save (create), for the view-only check. */
  validSave: Record<string, unknown>
  /** Runs before anyone signs in: rows the users need (a user without the screen). */
  prepare?(db: Db): Promise<void>
  /**
   * What each kind of user gets from the list (DESIGN §5, scope), written per resource from
   * the demo data and the bulk rows: a refusal (HTTP 403 with its business code), or exactly
   * `total` rows, each of them `inReach` (so nothing outside the caller's reach comes back, and
   * with the exact total, every row in it does).
   */
  reach: Record<UserKind, Reach>
}

/**
 * The demo's four kinds of user, by login name, and two administrators limited to one merchant
 * (Skyline Air Tickets; issue 25) that the suite adds: one of company.admin's company, one
 * without a company.
 */
export const USER_KINDS = {
  platformAdmin: 'admin',
  companyAdmin: 'company.admin',
  merchantUser: 'merchant.user',
  auditor: 'auditor',
  limitedInCompany: LIMITED_USERS.inCompany,
  limitedNoCompany: LIMITED_USERS.noCompany,
} as const
export type UserKind = keyof typeof USER_KINDS

export type Reach =
  | { refused: { status: number; code: number } }
  | { total: number; inReach?: (row: Record<string, unknown>) => boolean }

/** No screen for this user: the list is refused with 403. */
export const NO_SCREEN: Reach = { refused: { status: 403, code: 403 } }

type Row = Record<string, unknown> & { id: number }

const ordered = (values: unknown[], order: 'asc' | 'desc') =>
  values.every((v, i) => {
    if (i === 0) return true
    const [a, b] = order === 'asc' ? [values[i - 1], v] : [v, values[i - 1]]
    return (a as string | number) <= (b as string | number)
  })

export function resourceSuite<R extends AnyResource>(suite: ResourceSuite<R>) {
  const { def } = suite
  let api: TestApi
  const tokens: Record<string, string> = {}
  const call = (action: string, body: unknown, user = 'admin', lang?: string) =>
    api.call(`${def.api}/${action}`, body, { token: tokens[user], lang })
  const listBulk = (extra: Record<string, unknown>, user = 'admin') =>
    call('list', { ...suite.bulkBody, ...extra }, user)

  describe(`resource ${def.name} (${def.api})`, () => {
    beforeAll(async () => {
      api = await createTestApi()
      await addLimitedUsers(api.deps.db)
      await suite.prepare?.(api.deps.db)
      const names = new Set([
        ...Object.values(suite.users),
        ...(suite.outsider ? [suite.outsider] : []),
        ...Object.values(USER_KINDS),
      ])
      for (const name of names) tokens[name] = await sessionFor(api, name)
      tokens.admin = tokens[suite.users.admin]
      await suite.insertBulk(api.deps.db, suite.bulk)
    }, 120_000)
    afterAll(() => api.close())

    it('pages: every page size, the last page, past the end', async () => {
      for (const pageSize of PAGE_SIZES) {
        const res = await listBulk({ pageNum: 1, pageSize })
        expect(res.status).toBe(200)
        expect(res.body.data.total).toBe(suite.bulk)
        expect(res.body.data.list).toHaveLength(Math.min(pageSize, suite.bulk))
      }
      const last = Math.ceil(suite.bulk / 200)
      const tail = await listBulk({ pageNum: last, pageSize: 200 })
      expect(tail.body.data.list).toHaveLength(suite.bulk - (last - 1) * 200)
      const past = await listBulk({ pageNum: last + 1, pageSize: 200 })
      expect(past.body.data).toEqual({ list: [], total: suite.bulk })
      const p1 = await listBulk({ pageNum: 1, pageSize: 10 })
      const p2 = await listBulk({ pageNum: 2, pageSize: 10 })
      const ids = [...p1.body.data.list, ...p2.body.data.list].map((r: Row) => r.id)
      expect(new Set(ids).size).toBe(20)
    })

    it('refuses a page size that is not offered, and a page below 1', async () => {
      for (const [body, field] of [
        [{ pageSize: 25 }, 'pageSize'],
        [{ pageNum: 0 }, 'pageNum'],
      ] as const) {
        const res = await listBulk(body)
        expect(res.status).toBe(400)
        expect(res.body.data.fieldErrors.map((f: { field: string }) => f.field)).toContain(field)
      }
    })

    it.each(def.sortable.map((f) => [f]))('sorts by %s both ways', async (field) => {
      const page = async (order: 'asc' | 'desc') => {
        const res = await listBulk({ pageSize: 200, sort: { field, order } })
        expect(res.status).toBe(200)
        return (res.body.data.list as Row[]).map((r) => r[field])
      }
      const [asc, desc] = [await page('asc'), await page('desc')]
      expect(ordered(asc, 'asc')).toBe(true)
      expect(ordered(desc, 'desc')).toBe(true)
      expect(asc[0]).not.toEqual(desc[0])
    })

    it('refuses an unknown sort field or order', async () => {
      for (const sort of [
        { field: 'nope', order: 'asc' },
        { field: def.sortable[0], order: 'up' },
      ]) {
        const res = await listBulk({ sort })
        expect(res.status).toBe(400)
      }
    })

    it.each(Object.keys(def.filters).map((k) => [k]))('filters by %s', async (key) => {
      const cases = suite.filterCases[key as keyof R['filters']]
      expect(cases.length).toBeGreaterThan(0)
      for (const c of cases) {
        const res = await call('list', { ...suite.bulkBody, filters: c.filters, pageSize: 10 })
        expect(res.status, JSON.stringify(c.filters)).toBe(200)
        expect(res.body.data.total, JSON.stringify(c.filters)).toBe(c.total)
      }
    })

    it('refuses an unknown filter', async () => {
      const res = await listBulk({ filters: { nope: 'x' } })
      expect(res.status).toBe(400)
    })

    it('refuses a user without the screen (403) on every call', async () => {
      for (const action of ['list', 'detail', 'save', 'delete', 'export']) {
        const res = await call(action, { id: 1, ids: [1], format: 'csv' }, suite.users.noMenu)
        expect(res.status, action).toBe(403)
        // Delete declares its button, and a missing button is the view-only refusal.
        expect(res.body.code, action).toBe(action === 'delete' ? 1403 : 403)
      }
    })

    it('refuses a view-only user every write with 1403, changing nothing', async () => {
      const [row] = (await listBulk({ pageSize: 10 })).body.data.list as Row[]
      const before = await call('detail', { id: row.id })
      for (const [action, body] of [
        ['save', suite.validSave],
        ['save', { ...suite.validSave, id: row.id }],
        ['delete', { ids: [row.id] }],
      ] as const) {
        const res = await call(action, body, suite.users.viewOnly)
        expect(res.status, action).toBe(403)
        expect(res.body.code, action).toBe(1403)
      }
      expect((await call('detail', { id: row.id })).body).toEqual(before.body)
      expect((await listBulk({})).body.data.total).toBe(suite.bulk)
    })

    it.each(Object.keys(USER_KINDS).map((k) => [k as UserKind]))(
      'lists as %s: a refusal by its code, or exactly the rows in reach',
      async (kind) => {
        const user = USER_KINDS[kind]
        const want = suite.reach[kind]
        const first = await call('list', { ...suite.parentBody, pageNum: 1, pageSize: 200 }, user)
        if ('refused' in want) {
          expect(first.status, user).toBe(want.refused.status)
          expect(first.body.code, user).toBe(want.refused.code)
          return
        }
        expect(first.status, user).toBe(200)
        expect(first.body.data.total, user).toBe(want.total)
        if (!want.inReach) return
        // Every page: no row outside the reach, and as many distinct rows as the total.
        const ids = new Set<number>()
        for (let page = 1; page <= Math.ceil(want.total / 200); page++) {
          const res =
            page === 1
              ? first
              : await call('list', { ...suite.parentBody, pageNum: page, pageSize: 200 }, user)
          for (const row of res.body.data.list as Row[]) {
            expect(want.inReach(row), `${user} sees ${JSON.stringify(row)}`).toBe(true)
            ids.add(row.id)
          }
        }
        expect(ids.size, user).toBe(want.total)
      },
    )

    it.runIf(!!suite.outsider)('shows a user outside the scope no row', async () => {
      const [row] = (await listBulk({ pageSize: 10 })).body.data.list as Row[]
      expect((await listBulk({}, suite.outsider)).body.data.total).toBe(0)
      expect((await call('detail', { id: row.id }, suite.outsider!)).status).toBe(404)
    })

    describe('export', () => {
      const download = async (format: 'csv' | 'xlsx', extra = {}, lang?: string) => {
        const res = await api.fetch(
          `${def.api}/export`,
          { ...suite.bulkBody, format, ...extra },
          { token: tokens.admin, lang },
        )
        expect(res.status).toBe(200)
        return { res, bytes: Buffer.from(await res.arrayBuffer()) }
      }
      // An amount's header names its currency (server/resources/export.ts): the bulk body's
      // currency filter when it has one, else the currency column.
      const headers = (lang: 'en' | 'zh') =>
        def.columns.map((c) => {
          const label = translate(c.label, lang)
          if (c.field.widget !== 'money') return label
          const fixed = (suite.bulkBody as { filters?: Record<string, unknown> }).filters?.[
            c.field.currency
          ]
          const currency =
            typeof fixed === 'string'
              ? fixed
              : translate(labelKey(c.messages, c.field.currency), lang)
          return translate('kit:exportAmountIn', lang, { label, currency })
        })
      let translate: (key: MessageKey, lang: 'en' | 'zh', values?: object) => string
      beforeAll(async () => {
        const { translator } = await import('../i18n')
        translate = (key, lang, values) =>
          String(translator(lang === 'en' ? 'en-US' : 'zh-CN')(key, values as never))
      })

      it('writes every matching row as CSV, in the chosen order, headers in the language', async () => {
        const sort = { field: def.sortable[0], order: 'desc' }
        const { res, bytes } = await download('csv', { sort }, 'zh_CN')
        expect(res.headers.get('X-Total-Count')).toBe(String(suite.bulk))
        expect(res.headers.get('Content-Disposition')).toMatch(
          new RegExp(`^attachment; filename="${def.screen}-\\d{8}-\\d{6}\\.csv"$`),
        )
        const rows: string[][] = parse(bytes, { bom: true })
        expect(rows[0]).toEqual(headers('zh'))
        expect(rows).toHaveLength(suite.bulk + 1)
        const key = def.columns.findIndex((c) => c.key === def.sortable[0])
        const page = await listBulk({ pageSize: 200, sort })
        const firstRows = (page.body.data.list as Row[]).map((r) => String(r[def.sortable[0]]))
        expect(rows.slice(1, 201).map((r) => r[key])).toEqual(firstRows)
      })

      it('writes the same rows as XLSX (read back with exceljs)', async () => {
        const { res, bytes } = await download('xlsx', {}, 'en_US')
        expect(res.headers.get('X-Total-Count')).toBe(String(suite.bulk))
        const book = new ExcelJS.Workbook()
        await book.xlsx.load(bytes as never)
        const sheet = book.worksheets[0]
        expect(sheet.rowCount).toBe(suite.bulk + 1)
        expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(headers('en'))
        const csv: string[][] = parse((await download('csv', {}, 'en_US')).bytes, { bom: true })
        for (const n of [2, 500, 501, suite.bulk + 1]) {
          const row = sheet.getRow(n)
          // An empty text is no cell in XLSX and an empty field in CSV.
          const cells = def.columns.map((_, i) => String(row.getCell(i + 1).value ?? ''))
          // Amounts: a number in XLSX, the currency's decimals in CSV ("7.40").
          const money = (line: string[]) =>
            line.map((v, i) =>
              def.columns[i].field.widget === 'money' && v ? String(Number(v)) : v,
            )
          expect(money(cells)).toEqual(money(csv[n - 1]))
        }
      })

      it('exports only the rows the filter matches, and refuses a bad body', async () => {
        const [key] = Object.keys(def.filters)
        const c = suite.filterCases[key as keyof R['filters']][0]
        const { res, bytes } = await download('csv', { filters: c.filters })
        expect(res.headers.get('X-Total-Count')).toBe(String(c.total))
        expect(parse(bytes, { bom: true })).toHaveLength(c.total + 1)
        for (const bad of [{ format: 'pdf' }, { format: 'csv', filters: { nope: 1 } }]) {
          const r = await call('export', { ...suite.bulkBody, ...bad })
          expect(r.status).toBe(400)
        }
      })
    })
  })
}
