import { z } from 'zod'
import { password, text, TEXT_MAX } from '../../lib/validators'

export const WIRE_LANGUAGES = ['en_US', 'zh_CN'] as const

/** The server's ProfileUpdateRequest. */
export const profileForm = z.object({
  nickName: text(),
  language: z.enum(WIRE_LANGUAGES),
  timezone: z.string().min(1),
})

/**
 * The server's UpdatePasswordBody: the old password as typed, the new one by the spec's rule
 * and different from the old (spec §5), and the confirmation matching.
 */
export const passwordForm = z
  .object({
    oldPassword: z.string().min(1).max(TEXT_MAX),
    newPassword: password,
    confirmPassword: z.string().min(1),
  })
  .refine((v) => v.newPassword !== v.oldPassword, {
    message: 'validation:passwordSameAsOld',
    path: ['newPassword'],
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: 'validation:passwordMismatch',
    path: ['confirmPassword'],
  })
