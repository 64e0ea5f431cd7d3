import { z } from '@hono/zod-openapi'
import {
  profileLanguageFields,
  profileUpdateFields,
  WIRE_LANGUAGES,
} from '../../../src/resources/account'

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
    /**
     * Whether the user reaches every merchant in its reach (false: a merchant access list);
     * forms that give merchant access offer "all merchants" only when it is true (issue 25).
     */
    allMerchants: z.boolean(),
  })
  .openapi('Profile')

/** The request schemas are src/resources/account.ts's, named here for the contract. */
export const ProfileUpdateRequest = z.object(profileUpdateFields).openapi('ProfileUpdateRequest')

export const ProfileLanguageRequest = z
  .object(profileLanguageFields)
  .openapi('ProfileLanguageRequest')
