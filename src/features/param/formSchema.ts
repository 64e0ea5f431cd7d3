import { z } from 'zod'
import { text, textarea } from '../../lib/validators'

/** The parameter form: the server's ParameterSaveRequest rules (a value up to 500). */
export const PARAM_VALUE_MAX = 500
export const paramForm = z.object({
  name: text(),
  value: text(PARAM_VALUE_MAX),
  description: textarea(),
  active: z.boolean(),
})
