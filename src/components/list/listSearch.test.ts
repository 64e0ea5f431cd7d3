import { describe, expect, it } from 'vitest'
import {
  flagFilter,
  listSearchSchema,
  nextSort,
  pageCount,
  textFilter,
  toListRequest,
} from './listSearch'

const schema = listSearchSchema(['code', 'name'], { code: textFilter(), active: flagFilter() })

describe('list search params', () => {
  it('keeps valid params', () => {
    expect(
      schema.parse({
        pageNum: 2,
        pageSize: 50,
        sort: 'name',
        order: 'desc',
        code: 'ab',
        active: false,
      }),
    ).toEqual({ pageNum: 2, pageSize: 50, sort: 'name', order: 'desc', code: 'ab', active: false })
  })

  it('drops what a hand-edited URL gets wrong instead of failing', () => {
    expect(
      schema.parse({
        pageNum: 0,
        pageSize: 7,
        sort: 'nope',
        order: 'up',
        code: '  ',
        active: 'yes',
      }),
    ).toEqual({})
  })

  it('reads a number typed as a text filter as text', () => {
    expect(schema.parse({ code: 123 })).toEqual({ code: '123' })
  })

  it('builds the list call body with defaults, sort and only the set filters', () => {
    expect(toListRequest({}, ['code', 'active'])).toEqual({ pageNum: 1, pageSize: 10 })
    expect(
      toListRequest({ pageNum: 3, pageSize: 20, sort: 'code', code: 'x', active: false }, [
        'code',
        'active',
      ]),
    ).toEqual({
      pageNum: 3,
      pageSize: 20,
      sort: { field: 'code', order: 'asc' },
      filters: { code: 'x', active: false },
    })
  })

  it('cycles a header: ascending, descending, default', () => {
    expect(nextSort({}, 'code')).toEqual({ sort: 'code', order: 'asc' })
    expect(nextSort({ sort: 'code', order: 'asc' }, 'code')).toEqual({
      sort: 'code',
      order: 'desc',
    })
    expect(nextSort({ sort: 'code', order: 'desc' }, 'code')).toEqual({
      sort: undefined,
      order: undefined,
    })
    expect(nextSort({ sort: 'code', order: 'desc' }, 'name')).toEqual({
      sort: 'name',
      order: 'asc',
    })
  })

  it('counts pages, at least one', () => {
    expect(pageCount(0, 10)).toBe(1)
    expect(pageCount(11, 10)).toBe(2)
    expect(pageCount(200, 200)).toBe(1)
  })
})
