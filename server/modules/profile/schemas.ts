import { z } from '@hono/zod-openapi'
import { text } from '../../../src/lib/validators'

/** The wire form of the product's languages (spec §9: session language default en_US). */
export const WIRE_LANGUAGES = ['en_US', 'zh_CN'] as const

/**
 * IANA zones the runtime knows, plus 'UTC' (which Intl lists only as an alias). The same list
 * the browser offers, so whatever the console lets a user pick, the server accepts.
 */
const ZONES = new Set<string>([...Intl.supportedValuesOf('timeZone'), 'UTC'])
export const isTimezone = (v: string) => ZONES.has(v)

const Ref = z.object({ id: z.number().int(), name: z.string() })

export const Profile = z
  .object({
    loginName: z.string(),
    nickName: z.string(),
    email: z.string().nullable(),
    language: z.enum(WIRE_LANGUAGES),
    timezone: z.string().openapi({ example: 'Asia/Singapore' }),
    /** The user's company; null for platform users. */
    company: Ref.nullable(),
    /** The user's merchant; null unless a merchant user. */
    merchant: Ref.nullable(),
    roleName: z.string(),
  })
  .openapi('Profile')

export const ProfileUpdateRequest = z
  .object({
    nickName: text(),
    language: z.enum(WIRE_LANGUAGES),
    timezone: z
      .string()
      .trim()
      .refine(isTimezone, { message: 'validation:timezone' })
      .openapi({ example: 'Asia/Singapore' }),
  })
  .openapi('ProfileUpdateRequest')

export const ProfileLanguageRequest = z
  .object({ language: z.enum(WIRE_LANGUAGES) })
  .openapi('ProfileLanguageRequest')
