import { readFile } from 'node:fs/promises'
import { expect, test, type Page } from '@playwright/test'
import { parse } from 'csv-parse/sync'
import ExcelJS from 'exceljs'
import { apiCall, apiToken } from './api'
import { signIn, toast } from './fixtures'

/**
 * Export of the current filter from a list (resource kit): every matching row, not the page,
 * in the list's order, as CSV or XLSX, saved as a download, with its progress shown. 1,000
 * parameters are written through the API (the console's own calls); half of them inactive,
 * so the list's filter (name and active) selects exactly 500. That the export reads every
 * matching row across its keyset batches, in order, is the API test's
 * ('/parameter/export across batches', server/modules/param/param.test.ts), with 2,006 rows.
 */

test.describe.configure({ mode: 'serial' })

const ROWS = 1_000
const MATCHING = ROWS / 2
const name = (i: number) => `exp-${String(i).padStart(5, '0')}`
/** The rows the filter selects: the even ones (active), in name order. */
const expected = Array.from({ length: ROWS }, (_, i) => i + 1)
  .filter((i) => i % 2 === 0)
  .map(name)
const FILTER = 'main/parameter-management?name=exp-&active=true'

test.beforeAll(async ({ request }) => {
  test.setTimeout(180_000)
  const token = await apiToken(request)
  for (let i = 1; i <= ROWS; i += 25) {
    await Promise.all(
      Array.from({ length: Math.min(25, ROWS - i + 1) }, (_, k) => i + k).map((n) =>
        apiCall(request, token, '/parameter/save', {
          name: name(n),
          value: String(n),
          active: n % 2 === 0,
        }),
      ),
    )
  }
})

/**
 * Records every text the export's progress line shows (a MutationObserver, installed before
 * the page's scripts).
 */
async function watchProgress(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = []
    ;(window as unknown as { progressSeen: string[] }).progressSeen = seen
    new MutationObserver(() => {
      const bar = document.querySelector('[data-testid="export-progress"]')
      const text = bar?.parentElement?.textContent
      if (text && seen[seen.length - 1] !== text) seen.push(text)
    }).observe(document, { subtree: true, childList: true, characterData: true })
  })
}

/**
 * Slows the network down so the download takes a while. Only once the list is shown: signing in
 * and loading the console's code at this speed would take longer than the list's wait.
 */
async function slowNetwork(page: Page) {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 20,
    // A tenth of the rows, a tenth of the speed: the download still takes seconds.
    downloadThroughput: 4 * 1024,
    uploadThroughput: 1024 * 1024,
  })
}

const progressSeen = (page: Page) =>
  page.evaluate(() => (window as unknown as { progressSeen: string[] }).progressSeen)

async function exportAs(page: Page, format: 'CSV' | 'Excel (XLSX)', screenshot?: string) {
  await page.getByRole('button', { name: 'Export', exact: true }).click()
  const dialog = page.getByTestId('export-dialog')
  await expect(dialog.getByRole('heading', { name: 'Export: System parameters' })).toBeVisible()
  await dialog.getByRole('radio', { name: format }).check()
  const downloading = page.waitForEvent('download', { timeout: 120_000 })
  await dialog.getByTestId('export-start').click()
  await expect(page.getByTestId('export-progress')).toBeVisible()
  if (screenshot) {
    // A moment with rows counted but not all of them: the bar part-filled.
    await expect(dialog.getByRole('status')).toHaveText(/^[1-9][\d,]* of 500 rows$/, {
      timeout: 60_000,
    })
    await dialog.screenshot({ path: screenshot })
  }
  const file = await downloading
  await expect(toast(page)).toContainText(`Exported ${MATCHING} rows`)
  await expect(dialog).toBeHidden()
  return file
}

test('exports the filtered 500 of 1,000 rows as CSV, in the list order, with progress', async ({
  page,
}, info) => {
  test.setTimeout(180_000)
  await watchProgress(page)
  await signIn(page)
  await page.goto(`${FILTER}&sort=name&order=desc`)
  await expect(page.getByTestId('list-total')).toHaveText('Total 500')
  await slowNetwork(page)
  const file = await exportAs(page, 'CSV', info.outputPath('export-progress.png'))
  expect(file.suggestedFilename()).toMatch(/^parameter-management-\d{8}-\d{6}\.csv$/)
  const rows: string[][] = parse(await readFile(await file.path()), { bom: true })
  expect(rows[0]).toEqual(['Name', 'Value', 'Description', 'Active', 'Editable', 'Created at'])
  expect(rows.slice(1).map((r) => r[0])).toEqual([...expected].reverse())
  expect(new Set(rows.slice(1).map((r) => r[3]))).toEqual(new Set(['Yes']))
  // The progress line counted rows on the way: some count below the total was shown.
  const seen = await progressSeen(page)
  const partial = seen.filter((s) => /^[1-9][\d,]* of 500 rows$/.test(s) && !s.startsWith('500 '))
  expect(partial.length, seen.join(' | ')).toBeGreaterThan(0)
})

test('exports the same filtered rows as XLSX, with progress', async ({ page }) => {
  test.setTimeout(180_000)
  await watchProgress(page)
  await signIn(page)
  await page.goto(FILTER)
  await expect(page.getByTestId('list-total')).toHaveText('Total 500')
  await slowNetwork(page)
  const file = await exportAs(page, 'Excel (XLSX)')
  expect(file.suggestedFilename()).toMatch(/\.xlsx$/)
  const book = new ExcelJS.Workbook()
  await book.xlsx.readFile(await file.path())
  const sheet = book.worksheets[0]
  expect(sheet.rowCount).toBe(MATCHING + 1)
  const names: string[] = []
  sheet.eachRow((row, n) => {
    if (n > 1) names.push(String(row.getCell(1).value))
  })
  expect(names).toEqual(expected)
  const seen = await progressSeen(page)
  expect(
    seen.some((s) => /received \(500 rows\)$/.test(s)),
    seen.join(' | '),
  ).toBe(true)
})
