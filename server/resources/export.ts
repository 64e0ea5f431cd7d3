import { PassThrough, Readable } from 'node:stream'
import { stringify } from 'csv-stringify'
import ExcelJS from 'exceljs'
import type { TFunction } from 'i18next'
import { currencyExponent, isCurrency } from '../../src/lib/money'
import { labelKey } from '../../src/resources/fields'
import type { ExportColumn, ExportFormat } from '../../src/resources/kit'

/**
 * Streams rows into a CSV or XLSX file without holding them: the rows come from an async
 * iterator (the keyset batches of the service), the writer is a streaming one (csv-stringify,
 * exceljs' WorkbookWriter), and the answer's body is the writer's output as it is produced.
 *
 * Values: timestamps stay the wire's UTC ISO 8601 text (one unambiguous value whatever the
 * reader's timezone; spreadsheet programs parse it), booleans are the caller's Yes / No,
 * amounts are in major units with the currency in the header, codes are their labels.
 */

export const EXPORT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
}

/** A text that a spreadsheet program would read as a plain number (it is no formula). */
const PLAIN_NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/

/**
 * OWASP's CSV-injection rule: a text cell starting with `=`, `+`, `-`, `@`, a tab or a carriage
 * return is what spreadsheet programs run as a formula (`=HYPERLINK(...)` in a cardholder's
 * name sends the sheet's data anywhere), so it gets a leading single quote and is shown as
 * text. Numbers stay numbers: a number value is never text here, and a text that is a plain
 * number (`-5.00`) cannot be a formula, so it is left as it is. Applied to every cell of every
 * export, CSV and XLSX alike (an XLSX text cell becomes a formula once someone edits it).
 */
export function neutralise(text: string): string {
  if (!/^[=+\-@\t\r]/.test(text) || PLAIN_NUMBER.test(text)) return text
  return `'${text}`
}

/**
 * What turns a row's codes and amounts into what a reader understands: the caller's `t`, the
 * labels of the dictionaries the columns name (in the caller's language), and the filters of
 * the export (a currency filtered to one code names it in the amount headers).
 */
interface ExportLabels {
  t: TFunction
  dicts: Record<string, Record<string, string>>
  filters?: Record<string, unknown>
}

/** The dictionaries an export's enum columns need labels of. */
export function dictsOf(columns: readonly ExportColumn[]): string[] {
  return [...new Set(columns.flatMap((c) => (c.field.widget === 'enum' ? [c.field.dict] : [])))]
}

/** Minor units as the major-unit decimal text of the currency: 740 USD → "7.40", 5 VND → "5". */
export function majorUnits(minor: number, currency: string): string {
  const exp = currencyExponent(currency)
  const sign = minor < 0 ? '-' : ''
  const digits = String(Math.abs(minor)).padStart(exp + 1, '0')
  return exp ? `${sign}${digits.slice(0, -exp)}.${digits.slice(-exp)}` : `${sign}${digits}`
}

/**
 * A column's header: its label; an amount's names its currency — the ISO code when the export
 * is filtered to one currency ("Amount (USD)"), otherwise the currency column's header
 * ("Amount (Currency)"), which the definition must export beside it (src/resources/kit.ts).
 */
function header(c: ExportColumn, labels: ExportLabels): string {
  const label = labels.t(c.label)
  if (c.field.widget !== 'money') return label
  const fixed = labels.filters?.[c.field.currency]
  const currency =
    typeof fixed === 'string' && isCurrency(fixed)
      ? fixed.toUpperCase()
      : labels.t(labelKey(c.messages, c.field.currency))
  return labels.t('kit:exportAmountIn', { label, currency })
}

type Row = Record<string, unknown>

function cell(
  row: Row,
  c: ExportColumn,
  labels: ExportLabels,
  format: ExportFormat,
): string | number | null {
  const value = row[c.key]
  if (value === null || value === undefined) return null
  const field = c.field
  if (typeof value === 'boolean') return labels.t(value ? 'common:yes' : 'common:no')
  if (field.widget === 'money' && typeof value === 'number') {
    const currency = String(row[field.currency] ?? '')
    if (!isCurrency(currency)) return value
    const major = majorUnits(value, currency)
    // CSV keeps the currency's decimals ("7.40"); XLSX stores a number the sheet can sum.
    return format === 'xlsx' ? Number(major) : major
  }
  // Codes are written as their labels in the caller's language, never as the raw code.
  if (field.widget === 'enum')
    return neutralise(labels.dicts[field.dict]?.[String(value)] ?? String(value))
  if (field.widget === 'code') {
    const key = `${field.messages}.${String(value)}`
    return neutralise(labels.t(key, { defaultValue: String(value) }))
  }
  if (typeof value === 'number') return value
  return neutralise(String(value))
}

async function* cells(
  rows: AsyncIterable<Row>,
  columns: readonly ExportColumn[],
  labels: ExportLabels,
  format: ExportFormat,
) {
  for await (const row of rows) yield columns.map((c) => cell(row, c, labels, format))
}

function csv(rows: AsyncIterable<Row>, columns: readonly ExportColumn[], labels: ExportLabels) {
  // The BOM makes spreadsheet programs read the file as UTF-8 (Chinese headers and values).
  const writer = stringify({
    header: true,
    bom: true,
    columns: columns.map((c) => header(c, labels)),
  })
  return Readable.from(cells(rows, columns, labels, 'csv')).pipe(writer)
}

function xlsx(rows: AsyncIterable<Row>, columns: readonly ExportColumn[], labels: ExportLabels) {
  const out = new PassThrough()
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: false,
    useSharedStrings: false,
  })
  const sheet = book.addWorksheet('Export')
  sheet.columns = columns.map((c) => ({ header: header(c, labels), key: c.key, width: 24 }))
  void (async () => {
    try {
      for await (const values of cells(rows, columns, labels, 'xlsx')) {
        sheet.addRow(values).commit()
        // Back-pressure: wait while the reader is behind instead of buffering the file.
        if (out.writableNeedDrain) await new Promise((r) => out.once('drain', r))
      }
      sheet.commit()
      await book.commit()
    } catch (e) {
      out.destroy(e as Error)
    }
  })()
  return out
}

/** The file's bytes as a web stream, for `new Response(...)`. */
export function exportStream(
  format: ExportFormat,
  rows: AsyncIterable<Row>,
  columns: readonly ExportColumn[],
  labels: ExportLabels,
): ReadableStream<Uint8Array> {
  const node = format === 'csv' ? csv(rows, columns, labels) : xlsx(rows, columns, labels)
  return Readable.toWeb(node) as ReadableStream<Uint8Array>
}

/** `parameter-management-20260115-080000.csv`: the screen and the UTC time of the export. */
export function exportFileName(screen: string, at: Date, format: ExportFormat): string {
  const stamp = at.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15)
  return `${screen}-${stamp}.${format}`
}
