import i18next from 'i18next'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { resources } from '../../i18n/resources'
import { text, textarea } from '../../lib/validators'
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
      b: { message: 'The password entered are different, please try again' },
    })
    const zh = (await resolve(ok, 'zh-CN')).errors as { b: { message: string } }
    expect(zh.b.message).toBe(resources['zh-CN'].validation.passwordMismatch)
  })

  it('returns the parsed values when valid', async () => {
    const ok = { code: ' c ', remark: '', owner: { email: 'a@b.co' }, tiers: [], a: 'p', b: 'p' }
    const result = await resolve(ok)
    expect(result.errors).toEqual({})
    expect(result.values).toMatchObject({ owner: { email: 'a@b.co' }, a: 'p' })
  })
})
