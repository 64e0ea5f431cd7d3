import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

const SCRIPT = join(import.meta.dirname, 'buildOnce.mjs')

let root: string

/** What `npm start` does first, with a "build" that counts its runs and makes its output. */
function start(env: Record<string, string> = {}, fail = false) {
  const build = fail
    ? 'process.exit(3)'
    : "const fs=require('fs');fs.appendFileSync('builds','x');fs.mkdirSync('out',{recursive:true});fs.writeFileSync('out/main.js','')"
  return spawnSync(
    process.execPath,
    [
      SCRIPT,
      '--stamp',
      'out/.build-stamp',
      '--needs',
      'out/main.js',
      '--',
      process.execPath,
      '-e',
      build,
    ],
    { cwd: root, encoding: 'utf8', env: { ...process.env, BASE_PATH: '', ...env } },
  )
}

const builds = () => {
  try {
    return readFileSync(join(root, 'builds'), 'utf8').length
  } catch {
    return 0
  }
}

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'build-once-'))
  mkdirSync(join(root, 'src'))
  writeFileSync(join(root, 'src/a.ts'), 'export const a = 1\n')
  writeFileSync(join(root, 'package-lock.json'), '{}\n')
})
afterEach(() => rmSync(root, { recursive: true, force: true }))

describe('npm start builds only when the sources changed', () => {
  it('builds on the first start and not on the second', () => {
    expect(start().status).toBe(0)
    expect(builds()).toBe(1)
    const second = start()
    expect(second.status).toBe(0)
    expect(second.stdout).toContain('up to date')
    expect(builds()).toBe(1)
  })

  it('rebuilds when a source file or the lockfile is touched, or a file is added', () => {
    start()
    const later = new Date(Date.now() + 60_000)
    utimesSync(join(root, 'src/a.ts'), later, later)
    start()
    expect(builds()).toBe(2)
    writeFileSync(join(root, 'package-lock.json'), '{"changed":true}\n')
    start()
    expect(builds()).toBe(3)
    writeFileSync(join(root, 'src/b.ts'), 'export const b = 2\n')
    start()
    expect(builds()).toBe(4)
    start()
    expect(builds()).toBe(4)
  })

  it('does not rebuild for a changed test file', () => {
    start()
    writeFileSync(join(root, 'src/a.test.ts'), 'it()\n')
    start()
    expect(builds()).toBe(1)
  })

  it('rebuilds when the output is gone or the build environment differs', () => {
    start()
    rmSync(join(root, 'out/main.js'))
    start()
    expect(builds()).toBe(2)
    start({ BASE_PATH: '/vcc/' })
    expect(builds()).toBe(3)
  })

  it('keeps no stamp from a failed build: the next start builds again', () => {
    expect(start({}, true).status).toBe(3)
    expect(builds()).toBe(0)
    start()
    expect(builds()).toBe(1)
  })
})
