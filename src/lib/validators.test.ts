import { describe, expect, it } from 'vitest'
import { id, int, INT_MAX, isSafeText, text } from './validators'

describe('text safety (issue 7)', () => {
  it.each([
    ['plain', 'Hello', true],
    ['Chinese', '你好', true],
    ['an emoji (a surrogate pair)', 'ok 😀', true],
    ['NUL', 'a\u0000b', false],
    ['a lone high surrogate', 'a\ud83d', false],
    ['a lone low surrogate', '\ude00b', false],
    ['reversed pair', '\ude00\ud83d', false],
  ])('%s → %s', (_, value, safe) => {
    expect(isSafeText(value)).toBe(safe)
    expect(text().safeParse(value).success).toBe(safe)
  })

  it('names its own message', () => {
    const r = text().safeParse('a\u0000')
    expect(r.success || r.error.issues[0].message).toBe('validation:unsafeText')
  })
})

describe('integers', () => {
  it('fit PostgreSQL integer', () => {
    expect(id().safeParse(INT_MAX).success).toBe(true)
    expect(id().safeParse(INT_MAX + 1).success).toBe(false)
    expect(id().safeParse(0).success).toBe(false)
    expect(int().safeParse(-2_147_483_649).success).toBe(false)
    expect(int(0, 10).safeParse(11).success).toBe(false)
  })
})
