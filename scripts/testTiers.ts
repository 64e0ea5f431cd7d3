/**
 * Which Vitest tier a test file belongs to (docs/testing.md, "The tiers"), decided from the file
 * itself so a new file falls into the right tier without being listed anywhere:
 *
 * - **api**: the file imports the test harness, a test database, a resource or fuzz suite, a
 *   server process, the test bank, or the database client (`server/testing/{harness,
 *   testDatabase,resourceSuite,fuzz,serverProcess,bank}`, `server/db/client`). Its tests open a
 *   database, so its project has the global setup that seeds one copy for the run.
 * - **browser**: a `.browser.test.tsx` file: a screen's or a kit component's behaviour (typing,
 *   keys, focus, dialogs, disabled actions with their reason) in the system Chromium, through
 *   Vitest browser mode. Part of the component tier of `npm test`.
 * - **component**: any other `.test.tsx` file that opens no database (React rendering of widgets
 *   and screens on the server, no browser).
 * - **unit**: every other test file (pure rules, machines, property tests): no global setup.
 *
 * The imports are resolved from the file's own folder, so `../testing/harness` and
 * `../../server/testing/harness` are the same module and `src/api/client` is not the database's.
 *
 * Run as a script it prints a tier's files, one a line: `tsx scripts/testTiers.ts pglite`.
 */
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

export type VitestTier = 'unit' | 'component' | 'browser' | 'api'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

/** Where Vitest looks for tests (relative to the repository). */
const TEST_ROOTS = ['server', 'src', 'tests/unit', 'scripts']
const TEST_FILE = /\.test\.tsx?$/

/** The modules whose import makes a test file an API test (without extension, from the root). */
const OPENS_DATABASE = new Set(
  [
    'server/testing/harness',
    'server/testing/testDatabase',
    'server/testing/resourceSuite',
    'server/testing/fuzz',
    'server/testing/serverProcess',
    'server/testing/bank',
    'server/db/client',
  ].map((m) => path.join(ROOT, m)),
)

/**
 * When the API suite runs on PostgreSQL, these files run once more on PGlite, for what is
 * particular to the embedded database. Picked by name, each for its reason:
 */
export const PGLITE_SET = [
  // Migrations and the demo seed as the embedded database takes them (the global setup
  // migrates and seeds it first), and the seed's content.
  'server/modules/card-transactions/demo.test.ts',
  // A built-in screen new to an existing database: the menu sync over migrated data.
  'server/db/menus.test.ts',
  // The job system's adapter (pg-boss's SQL through PGlite's single connection).
  'server/jobs/system.test.ts',
  // The DATA_DIR lock: only the embedded database has a data directory to hold.
  'server/db/dataDirLock.test.ts',
  // The mail outbox: leases and hand-over in one transaction on the embedded database.
  'server/mail/outbox.test.ts',
  // Time limits the server enforces: idle and absolute session expiry on the test clock.
  'server/modules/auth/session.test.ts',
  // One shared resource suite (paging, filters, scope, permissions) end to end.
  'server/modules/param/param.resource.test.ts',
  // `npm run ledger:verify` over a DATA_DIR (it clears DATABASE_URL itself).
  'scripts/ledger-verify.test.ts',
]

function walk(dir: string, out: string[]): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules') continue
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) walk(full, out)
    else if (TEST_FILE.test(entry.name)) out.push(full)
  }
  return out
}

/** Every Vitest file, relative to the repository, sorted. */
export function testFiles(): string[] {
  return TEST_ROOTS.flatMap((r) => walk(path.join(ROOT, r), []))
    .map((f) => path.relative(ROOT, f))
    .sort()
}

// A static import or re-export at the start of a line (the closing line of a multi-line one
// included); not the same text inside a string, as a test of the import rules holds it.
const IMPORT = /^(?:import|export|\})[^'\n]*?(?:from\s+)?'(\.{1,2}\/[^']*)'/gm

export function opensDatabase(file: string): boolean {
  const full = path.join(ROOT, file)
  const source = readFileSync(full, 'utf8')
  for (const [, spec] of source.matchAll(IMPORT)) {
    const target = path.resolve(path.dirname(full), spec).replace(/\.(ts|tsx|js)$/, '')
    if (OPENS_DATABASE.has(target)) return true
  }
  return false
}

export function tierOf(file: string): VitestTier {
  if (opensDatabase(file)) return 'api'
  if (file.endsWith('.browser.test.tsx')) return 'browser'
  return file.endsWith('.tsx') ? 'component' : 'unit'
}

/** The files of each tier. */
export function filesByTier(): Record<VitestTier, string[]> {
  const tiers: Record<VitestTier, string[]> = { unit: [], component: [], browser: [], api: [] }
  for (const file of testFiles()) tiers[tierOf(file)].push(file)
  return tiers
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const which = process.argv[2]
  const files = which === 'pglite' ? PGLITE_SET : filesByTier()[which as VitestTier]
  if (!files) {
    console.error('usage: tsx scripts/testTiers.ts unit|component|browser|api|pglite')
    process.exit(2)
  }
  console.log(files.join('\n'))
}
