import { Theme } from '@radix-ui/themes'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { ColumnTable } from './ColumnTable'
import type { Column } from './ListTable'

/*
 * A page's few rows with a list's columns (the bank accounts below the balances): the columns'
 * labels head the table, each cell is drawn by its column, and the column that names a row
 * heads it. Drawn on the server (no DOM library in this project).
 */
type Bank = { id: number; currency: string; bankName: string }
const columns: Column<Bank>[] = [
  { id: 'currency', label: 'Currency', render: (r) => r.currency },
  { id: 'bankName', label: 'Bank name', render: (r) => <a href={`#${r.id}`}>{r.bankName}</a> },
]
const rows = [
  { id: 1, currency: 'EUR', bankName: 'Deutsche Bank AG' },
  { id: 2, currency: 'SGD', bankName: 'DBS Bank Ltd' },
]
const draw = (rowHeader?: string) =>
  renderToStaticMarkup(
    <Theme>
      <ColumnTable columns={columns} rows={rows} rowKey={(r) => r.id} rowHeader={rowHeader} />
    </Theme>,
  )

describe('ColumnTable', () => {
  it('heads the table with the columns’ labels and draws each row by its columns', () => {
    const html = draw()
    expect([...html.matchAll(/<th[^>]*scope="col"[^>]*>([^<]+)/g)].map((m) => m[1])).toEqual([
      'Currency',
      'Bank name',
    ])
    expect(html).toMatch(/<td[^>]*>EUR<\/td><td[^>]*><a href="#1">Deutsche Bank AG<\/a><\/td>/)
    expect(html).not.toContain('scope="row"')
  })

  it('makes the named column the rows’ headers', () => {
    const html = draw('bankName')
    expect(html).toMatch(/<td[^>]*>SGD<\/td><th[^>]*scope="row"[^>]*><a href="#2">DBS Bank Ltd/)
  })
})
