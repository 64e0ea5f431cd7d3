// Runs a build only when its sources changed since the last successful one (`npm start` and the
// e2e console build): a restart that changed nothing starts at once instead of rebuilding the
// console and the server (75 s on a fresh machine).
//
//   node scripts/buildOnce.mjs --stamp dist/.build-stamp [--needs dist-server/main.js] -- <command…>
//
// The stamp is a hash of every source file's path, size and modification time (src/, server/,
// scripts/, public/, the build configuration, package.json and the lockfile; tests excluded:
// no build reads them), of the build command and of the environment the build reads
// (BASE_PATH, VITE_OUT_DIR). It is written after the command succeeds; the command runs again
// when the stamp differs, is missing, or an output it names (`--needs`) is gone.
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const SOURCE_DIRS = ['src', 'server', 'scripts', 'public']
const SOURCE_FILES = [
  'index.html',
  'vite.config.ts',
  'tsconfig.json',
  'package.json',
  'package-lock.json',
]
const BUILD_ENV = ['BASE_PATH', 'VITE_OUT_DIR']
const SKIP_DIR = /^(node_modules|dist.*|\..*)$/
const SKIP_FILE = /\.test\.tsx?$/

function walk(root, rel, out) {
  const abs = join(root, rel)
  if (!existsSync(abs)) return
  const st = statSync(abs)
  if (!st.isDirectory()) {
    out.push(`${rel}\t${st.size}\t${st.mtimeMs}`)
    return
  }
  for (const entry of readdirSync(abs, { withFileTypes: true }).sort((a, b) =>
    a.name < b.name ? -1 : 1,
  )) {
    if (entry.isDirectory() ? SKIP_DIR.test(entry.name) : SKIP_FILE.test(entry.name)) continue
    walk(root, join(rel, entry.name), out)
  }
}

/** The stamp of the sources under `root` for `command`, with the build's environment. */
export function sourceStamp(root, command, env = process.env) {
  const lines = []
  for (const name of [...SOURCE_DIRS, ...SOURCE_FILES]) walk(root, name, lines)
  for (const key of BUILD_ENV) lines.push(`env ${key}=${env[key] ?? ''}`)
  lines.push(`command ${command.join(' ')}`)
  return createHash('sha256').update(lines.join('\n')).digest('hex')
}

/**
 * Runs `build` unless the stamp at `stamp` matches the sources and every `needs` path exists.
 * Returns whether it built. The stamp is written only after `build` succeeded.
 */
export function buildOnce({ root, stamp, needs = [], command, build }) {
  const stampPath = join(root, stamp)
  const current = sourceStamp(root, command)
  const last = existsSync(stampPath) ? readFileSync(stampPath, 'utf8').trim() : null
  if (last === current && needs.every((p) => existsSync(join(root, p)))) return false
  build()
  mkdirSync(dirname(stampPath), { recursive: true })
  // Taken again: a build that wrote into a source folder must not make the next start rebuild.
  writeFileSync(stampPath, sourceStamp(root, command) + '\n')
  return true
}

function parseArgs(argv) {
  const sep = argv.indexOf('--')
  if (sep < 0 || sep === argv.length - 1)
    throw new Error('usage: --stamp <file> [--needs <path>]… -- <command…>')
  const opts = { stamp: null, needs: [], command: argv.slice(sep + 1) }
  for (let i = 0; i < sep; i += 2) {
    if (argv[i] === '--stamp') opts.stamp = argv[i + 1]
    else if (argv[i] === '--needs') opts.needs.push(argv[i + 1])
    else throw new Error(`unknown option ${argv[i]}`)
  }
  if (!opts.stamp) throw new Error('--stamp is required')
  return opts
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { stamp, needs, command } = parseArgs(process.argv.slice(2))
  const built = buildOnce({
    root: process.cwd(),
    stamp,
    needs,
    command,
    build: () => {
      const r = spawnSync(command[0], command.slice(1), { stdio: 'inherit', shell: false })
      if (r.status !== 0) process.exit(r.status ?? 1)
    },
  })
  if (!built) console.log(`build is up to date (${stamp}); not rebuilding`)
}
