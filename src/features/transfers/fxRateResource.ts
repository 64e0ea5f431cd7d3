import { z } from 'zod'
import { resourceClient } from '../../components/resource/client'
import { fxRates } from '../../resources/fxRates'

/** The console half of FX rates (accounts-fx-rate), from the definition. */
export const fxRateResource = resourceClient(fxRates)

/** The form's values: the save body without its id; the spread is typed as text. */
export const fxRateForm = fxRates.save
  .omit({ id: true })
  .extend({
    spreadBps: z
      .string()
      .trim()
      .min(1)
      .regex(/^\d{1,4}$/, { message: 'validation:number' })
      .transform(Number),
  })
  .refine((r) => r.baseCurrency !== r.quoteCurrency, {
    message: 'validation:notSame',
    path: ['quoteCurrency'],
  })
