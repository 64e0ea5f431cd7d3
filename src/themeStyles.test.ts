import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * src/themeStyles.ts loads only the Radix colour scales the console uses. A colour named in any
 * source file (a `color` prop, an accent, a record of colours) without its scale there would
 * render unstyled: this lists the names and fails on a missing scale.
 */
const SRC = path.resolve(__dirname)
const SCALES = readdirSync(path.resolve('node_modules/@radix-ui/themes/tokens/colors')).map((f) =>
  f.replace(/\.css$/, ''),
)

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name)
    if (e.isDirectory()) return sources(p)
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : []
  })
}

describe('Radix colour scales', () => {
  it('every colour named in src has its scale loaded', () => {
    const named = new Set<string>()
    const literal = new RegExp(`['"](${SCALES.join('|')})['"]`, 'g')
    for (const file of sources(SRC)) {
      for (const m of readFileSync(file, 'utf8').matchAll(literal)) named.add(m[1])
    }
    const loaded = new Set(
      [
        ...readFileSync(path.join(SRC, 'themeStyles.ts'), 'utf8').matchAll(
          /colors\/([a-z]+)\.css/g,
        ),
      ].map((m) => m[1]),
    )
    expect(named.size).toBeGreaterThan(0)
    expect([...named].filter((c) => !loaded.has(c)).sort()).toEqual([])
  })
})
