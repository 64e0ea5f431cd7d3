import { z } from 'zod'
import { password } from '../../lib/validators'

/** A new password typed twice (spec §5: the rule, and the confirmation must match). */
export const newPasswordFields = {
  newPassword: password,
  confirmPassword: z.string().min(1),
}

export const matchConfirmation = <T extends { newPassword: string; confirmPassword: string }>(
  v: T,
) => v.newPassword === v.confirmPassword

export const mismatch = { message: 'validation:passwordMismatch', path: ['confirmPassword'] }

export const newPasswordForm = z.object(newPasswordFields).refine(matchConfirmation, mismatch)
