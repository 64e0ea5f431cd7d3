import { z } from 'zod'
import { describe, expect, it } from 'vitest'
import { fieldMessage } from './fieldErrors'
import { password } from './validators'

/** The issue as the server and forms see it: zod's issue plus the value found at its path. */
function messageFor(schema: z.ZodType, value: unknown) {
  const result = schema.safeParse(value)
  if (result.success) throw new Error('expected a failure')
  const issue = result.error.issues[0]
  const input = issue.path.reduce<any>((v, k) => (v == null ? undefined : v[k]), value)
  return fieldMessage({ ...issue, input } as never)
}

describe('field messages', () => {
  const form = z.object({
    name: z.string().min(1).max(5),
    age: z.number(),
    mail: z.email(),
    ids: z.array(z.number()).min(1),
  })
  const ok = { name: 'a', age: 1, mail: 'a@b.co', ids: [1] }

  it.each([
    [{ ...ok, name: undefined }, 'required'],
    [{ ...ok, name: '' }, 'required'],
    [{ ...ok, name: 42 }, 'format'],
    [{ ...ok, name: 'toolong' }, 'lengthMax'],
    [{ ...ok, age: 'x' }, 'number'],
    [{ ...ok, mail: 'nope' }, 'email'],
    [{ ...ok, ids: [] }, 'selectRow'],
  ])('%o → %s', (value, key) => {
    expect(messageFor(form, value).key).toBe(key)
  })

  it('uses a schema’s own validation key', () => {
    expect(
      messageFor(
        z.string().refine(() => false, 'validation:passwordMismatch'),
        'x',
      ),
    ).toEqual({ key: 'passwordMismatch' })
  })

  // Issue 26: the message names the rule the password breaks, not the whole rule set.
  it.each([
    ['short@A', { key: 'passwordLength', params: { length: 7 } }],
    ['Toolong@1234567890', { key: 'passwordLength', params: { length: 18 } }],
    ['nouppercase1!', { key: 'passwordUpper', params: { length: 13 } }],
    ['NOLOWERCASE1!', { key: 'passwordLower', params: { length: 13 } }],
    ['NoSpecial123', { key: 'passwordSpecial', params: { length: 12 } }],
  ])('names the broken password rule: %s → %o', (value, message) => {
    expect(messageFor(password, value)).toEqual(message)
  })

  it('reads an own key the validation messages lack as a format error, not a raw key', () => {
    expect(fieldMessage({ code: 'custom', message: 'validation:noSuchMessage' })).toEqual({
      key: 'format',
    })
    expect(fieldMessage({ code: 'custom', message: 'validation:passwordMismatch' })).toEqual({
      key: 'passwordMismatch',
    })
  })

  it('reads an empty password as required, and a space is not a special character', () => {
    expect(password.safeParse('').error?.issues).toHaveLength(1)
    expect(messageFor(password, '')).toEqual({ key: 'required' })
    expect(messageFor(password, 'Abcdefg h')).toEqual({
      key: 'passwordSpecial',
      params: { length: 9 },
    })
    expect(password.safeParse('Abcdef h!').success).toBe(true)
    expect(password.safeParse('Abcdefg!').success).toBe(true)
  })
})
