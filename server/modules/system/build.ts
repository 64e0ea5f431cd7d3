import { readFileSync } from 'node:fs'
import path from 'node:path'
import pkg from '../../../package.json'

export const packageVersion = () => pkg.version

let cached: { commit: string | null; builtAt: string | null } | undefined

/**
 * The commit and time the console was built, from the version.json its build wrote
 * (vite.config.ts); both null when running from sources.
 */
export function buildInfo() {
  if (!cached) {
    try {
      const dir = process.env.CONSOLE_DIR ?? path.resolve('dist')
      const file = JSON.parse(readFileSync(path.join(dir, 'version.json'), 'utf8')) as {
        commit?: string | null
        builtAt?: string | null
      }
      cached = { commit: file.commit ?? null, builtAt: file.builtAt ?? null }
    } catch {
      cached = { commit: null, builtAt: null }
    }
  }
  return { version: packageVersion(), ...cached, node: process.version }
}
