import { PgDialect } from 'drizzle-orm/pg-core'
import { describe, expect, it } from 'vitest'
import { filter } from '../../src/resources/kit'
import { dicts } from '../db/schema'
import { filterCondition } from './where'

/** The SQL of each filter kind, and the wire rules of the range kinds. */

const dialect = new PgDialect()
const columns = {
  text: dicts.code,
  exact: dicts.code,
  enumOf: dicts.code,
  flag: dicts.active,
  dateRange: dicts.createdAt,
  amountRange: dicts.id,
  company: dicts.id,
  merchant: dicts.id,
}
const render = (kind: keyof typeof filter, value: unknown) => {
  const spec = kind === 'enumOf' ? filter.enumOf('card_status') : filter[kind]()
  const cond = filterCondition(spec, columns[kind], value)
  return cond ? dialect.sqlToQuery(cond) : undefined
}

describe('filter kinds', () => {
  it('text: contains, wildcards literal', () => {
    expect(render('text', 'a_%')).toMatchObject({
      sql: `"dicts"."code" ilike $1 escape '\\'`,
      params: ['%a\\_\\%%'],
    })
  })

  it('exact, flag, enum, company and merchant: equality', () => {
    for (const [kind, value] of [
      ['exact', 'x'],
      ['flag', true],
      ['enumOf', 'active'],
      ['company', 3],
      ['merchant', 4],
    ] as const) {
      expect(render(kind, value)?.params, kind).toHaveLength(1)
      expect(render(kind, value)?.sql, kind).toBe(`"dicts"."${columns[kind].name}" = $1`)
    }
  })

  it('date range: whole UTC days, both ends included', () => {
    const q = render('dateRange', { from: '2026-01-01', to: '2026-01-31' })!
    expect(q.sql).toBe('("dicts"."created_at" >= $1 and "dicts"."created_at" < $2)')
    expect(q.params.map((p) => (p as Date).toISOString?.() ?? p)).toEqual([
      '2026-01-01T00:00:00.000Z',
      '2026-02-01T00:00:00.000Z',
    ])
    expect(render('dateRange', { to: '2026-01-31' })!.params).toHaveLength(1)
  })

  it('amount range: inclusive bounds, either may be absent', () => {
    expect(render('amountRange', { min: 10, max: 20 })).toMatchObject({
      sql: '("dicts"."id" >= $1 and "dicts"."id" <= $2)',
      params: [10, 20],
    })
    expect(render('amountRange', { max: 20 })!.params).toEqual([20])
  })

  it('absent or empty values are no filter', () => {
    expect(render('text', '')).toBeUndefined()
    expect(render('flag', undefined)).toBeUndefined()
  })

  it('refuses reversed or malformed ranges on the wire, and reads the URL leniently', () => {
    expect(
      filter.dateRange().wire.safeParse({ from: '2026-02-01', to: '2026-01-01' }).success,
    ).toBe(false)
    expect(filter.dateRange().wire.safeParse({ from: '2026-13-01' }).success).toBe(false)
    expect(filter.amountRange().wire.safeParse({ min: 5, max: 1 }).success).toBe(false)
    expect(filter.amountRange().wire.safeParse({ min: -1 }).success).toBe(false)
    expect(filter.company().wire.safeParse(0).success).toBe(false)
    expect(filter.dateRange().search.parse({ from: 'nope' })).toBeUndefined()
    expect(filter.text().search.parse(123)).toBe('123')
    expect(filter.text().search.parse('  ')).toBeUndefined()
  })
})
