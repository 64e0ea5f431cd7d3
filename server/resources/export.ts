import { PassThrough, Readable } from 'node:stream'
import { stringify } from 'csv-stringify'
import ExcelJS from 'exceljs'
import type { TFunction } from 'i18next'
import type { ExportColumn, ExportFormat } from '../../src/resources/kit'

/**
 * Streams rows into a CSV or XLSX file without holding them: the rows come from an async
 * iterator (the keyset batches of the service), the writer is a streaming one (csv-stringify,
 * exceljs' WorkbookWriter), and the answer's body is the writer's output as it is produced.
 *
 * Values: timestamps stay the wire's UTC ISO 8601 text (one unambiguous value whatever the
 * reader's timezone; spreadsheet programs parse it), booleans are the caller's Yes / No.
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

function cell(value: unknown, t: TFunction): string | number | null {
  if (typeof value === 'boolean') return t(value ? 'common:yes' : 'common:no')
  if (value === null || value === undefined) return null
  if (typeof value === 'number') return value
  return neutralise(String(value))
}

type Row = Record<string, unknown>

async function* cells(rows: AsyncIterable<Row>, columns: readonly ExportColumn[], t: TFunction) {
  for await (const row of rows) yield columns.map((c) => cell(row[c.key], t))
}

function csv(rows: AsyncIterable<Row>, columns: readonly ExportColumn[], t: TFunction) {
  // The BOM makes spreadsheet programs read the file as UTF-8 (Chinese headers and values).
  const writer = stringify({ header: true, bom: true, columns: columns.map((c) => t(c.label)) })
  return Readable.from(cells(rows, columns, t)).pipe(writer)
}

function xlsx(rows: AsyncIterable<Row>, columns: readonly ExportColumn[], t: TFunction) {
  const out = new PassThrough()
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: false,
    useSharedStrings: false,
  })
  const sheet = book.addWorksheet('Export')
  sheet.columns = columns.map((c) => ({ header: t(c.label), key: c.key, width: 24 }))
  void (async () => {
    try {
      for await (const values of cells(rows, columns, t)) {
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
  t: TFunction,
): ReadableStream<Uint8Array> {
  const node = format === 'csv' ? csv(rows, columns, t) : xlsx(rows, columns, t)
  return Readable.toWeb(node) as ReadableStream<Uint8Array>
}

/** `parameter-management-20260115-080000.csv`: the screen and the UTC time of the export. */
export function exportFileName(screen: string, at: Date, format: ExportFormat): string {
  const stamp = at.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15)
  return `${screen}-${stamp}.${format}`
}
