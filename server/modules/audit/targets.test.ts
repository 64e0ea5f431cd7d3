import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { AUDIT_OBJECT_TYPES, isAuditTarget } from '../../../src/lib/auditTargets'

const SERVER = join(__dirname, '..', '..')

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return name === 'migrations' ? [] : sources(path)
    return path.endsWith('.ts') && !path.endsWith('.test.ts') ? [path] : []
  })
}

/** Every `target:` an audit writer passes, with where it is. */
function auditTargets() {
  return sources(SERVER)
    .filter((path) => /from '(\.\.\/)+audit'|from '\.\/audit'/.test(readFileSync(path, 'utf8')))
    .flatMap((path) =>
      readFileSync(path, 'utf8')
        .split('\n')
        .flatMap((line, i) =>
          [...line.matchAll(/\btarget: ([^,}]+)/g)].map((m) => ({
            where: `${path}:${i + 1}`,
            value: m[1].trim(),
          })),
        )
        // Drizzle's onConflict targets are columns, not audit targets.
        .filter(({ value }) => !/^(\[|\w+\.\w+$)/.test(value)),
    )
}

describe('audit targets', () => {
  it('are <type>:<id> of a known type, or empty', () => {
    expect(isAuditTarget('card:12')).toBe(true)
    expect(isAuditTarget('screen:cards-balance')).toBe(true)
    expect(isAuditTarget('')).toBe(true)
    expect(isAuditTarget('12')).toBe(false)
    expect(isAuditTarget('cards-balance')).toBe(false)
    expect(isAuditTarget('card:1,card:2')).toBe(false)
    expect(isAuditTarget('spaceship:1')).toBe(false)
  })

  it('every writer passes a `<type>:${id}` template of a catalogued type', () => {
    const found = auditTargets()
    expect(found.length).toBeGreaterThan(20)
    const off = found.filter(({ value }) => {
      const types = [...value.matchAll(/`([a-z][a-z-]*):\$\{/g)].map((m) => m[1])
      // The kit's own helper, `target(rowId)`, builds `<auditTarget ?? audit>:<id>`.
      if (/^target\(/.test(value)) return false
      // A literal names one fixed object (a settings screen): it must follow the shape itself.
      const literal = /^'([^']*)'$/.exec(value)
      if (literal) return !isAuditTarget(literal[1])
      return (
        types.length === 0 ||
        types.some((t) => !(AUDIT_OBJECT_TYPES as readonly string[]).includes(t))
      )
    })
    expect(off.map((o) => `${o.where}  ${o.value}`)).toEqual([])
  })
})
