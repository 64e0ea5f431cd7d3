import i18next from 'i18next'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { resources } from '../../i18n/resources'
import { password, text, textarea } from '../../lib/validators'
import { schemaResolver } from './resolver'

const i18n = i18next.createInstance()
await i18n.init({ resources, lng: 'en-US', defaultNS: 'common', initAsync: false })

const schema = z
  .object({
    code: text(),
    remark: textarea(),
    owner: z.object({ email: z.email() }),
    tiers: z.array(z.object({ fee: z.string().regex(/^\d+$/, { message: 'validation:number' }) })),
    a: z.string(),
    b: z.string(),
  })
  .refine((v) => v.a === v.b, { message: 'validation:passwordMismatch', path: ['b'] })

const resolve = (values: unknown, lang = 'en-US') =>
  schemaResolver(schema, i18n.getFixedT(lang))(values as never, undefined, {
    fields: {},
    shouldUseNativeValidation: false,
  })

describe('schemaResolver (zodResolver on zod 4, spec messages)', () => {
  it('gives the spec wording at nested and row paths', async () => {
    const { errors } = await resolve({
      code: '',
      remark: 'x'.repeat(501),
      owner: { email: 'nope' },
      tiers: [{ fee: '1' }, { fee: 'x' }],
      a: 'p',
      b: 'p',
    })
    expect(errors).toMatchObject({
      code: { message: 'Cannot be empty' },
      remark: { message: 'Field length must be at most 500 characters' },
      owner: { email: { message: 'Must be email' } },
      tiers: [undefined, { fee: { message: 'Must be number' } }],
    })
  })

  it('translates a rule’s own validation: key, in the chosen language', async () => {
    const ok = { code: 'c', remark: '', owner: { email: 'a@b.co' }, tiers: [], a: 'p', b: 'q' }
    expect((await resolve(ok)).errors).toMatchObject({
      // Issue 26: SPEC's meaning, in correct grammar (docs/decisions.md).
      b: { message: 'The passwords entered are different, please try again' },
    })
    const zh = (await resolve(ok, 'zh-CN')).errors as { b: { message: string } }
    expect(zh.b.message).toBe(resources['zh-CN'].validation.passwordMismatch)
  })

  it('names the password rule that failed, in both languages', async () => {
    const form = z.object({ newPassword: password })
    const say = async (value: string, lang = 'en-US') =>
      (
        (
          await schemaResolver(form, i18n.getFixedT(lang))(
            { newPassword: value } as never,
            undefined,
            {
              fields: {},
              shouldUseNativeValidation: false,
            },
          )
        ).errors as { newPassword: { message: string } }
      ).newPassword.message
    expect(await say('weak')).toBe('Password must be 8 to 16 characters long (this one has 4)')
    expect(await say('weak', 'zh-CN')).toBe('密码须为 8 到 16 位（当前为 4 位）')
    expect(await say('nouppercase1!')).toBe('Password must contain an upper-case letter')
    expect(await say('nouppercase1!', 'zh-CN')).toBe('密码须包含大写字母')
    expect(await say('NOLOWER@CASE')).toBe('Password must contain a lower-case letter')
    expect(await say('NoSpecial123', 'zh-CN')).toBe(
      '密码须包含特殊字符（字母、数字和空格以外的字符）',
    )
  })

  it('returns the parsed values when valid', async () => {
    const ok = { code: ' c ', remark: '', owner: { email: 'a@b.co' }, tiers: [], a: 'p', b: 'p' }
    const result = await resolve(ok)
    expect(result.errors).toEqual({})
    expect(result.values).toMatchObject({ owner: { email: 'a@b.co' }, a: 'p' })
  })
})
