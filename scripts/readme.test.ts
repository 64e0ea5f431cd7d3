import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

/**
 * Issue 26: the README's tables had lines hundreds of characters long, unreadable in a
 * terminal or a diff. Its lines stay within 100 characters: a table wider than that is a list.
 */
const README = readFileSync(new URL('../README.md', import.meta.url), 'utf8')

describe('README.md', () => {
  it('has no line longer than 100 characters', () => {
    const long = README.split('\n')
      .map((line, i) => ({ line: i + 1, length: [...line].length }))
      .filter((l) => l.length > 100)
    expect(long).toEqual([])
  })
})
