import { loadConfig } from '../server/config'
import { openDatabase } from '../server/db/client'
import { lockDataDir, type DataDirLock } from '../server/db/dataDirLock'
import { formatMoney, isCurrency } from '../src/lib/money'
import { verifyLedger } from '../server/ledger/verify'

/**
 * `npm run ledger:verify`: reconciles the ledger of the configured database (DATABASE_URL, or
 * the PGlite data in DATA_DIR) and exits 0 when every balance equals its postings and every
 * currency sums to zero, 1 with the list of mismatches otherwise. Read-only.
 */
const config = loadConfig()
// The embedded database is one process's: not while the server runs on it.
let dataDirLock: DataDirLock | null = null
if (!config.DATABASE_URL) {
  try {
    dataDirLock = await lockDataDir(config.DATA_DIR)
  } catch (e) {
    console.error(`ledger:verify could not run: ${(e as Error).message}`)
    process.exit(2)
  }
}
const database = openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR })
try {
  const report = await verifyLedger(database.db)
  console.log(
    `ledger: ${report.accounts} accounts, ${report.entries} entries, ${report.postings} postings`,
  )
  for (const c of report.currencies) {
    const sum = isCurrency(c.currency) ? formatMoney(c.balanceSum, c.currency) : c.balanceSum
    console.log(`  ${c.currency}: ${c.accounts} accounts, balances sum to ${sum}`)
  }
  if (report.ok) {
    console.log('ledger:verify OK — every balance equals its postings; every currency sums to zero')
  } else {
    console.error(`ledger:verify FAILED — ${report.mismatches.length} mismatch(es):`)
    for (const m of report.mismatches) console.error('  ' + JSON.stringify(m))
  }
  process.exitCode = report.ok ? 0 : 1
} catch (e) {
  console.error(`ledger:verify could not run: ${(e as Error).message}`)
  process.exitCode = 2
} finally {
  await database.close()
  await dataDirLock?.release()
}
