import { z } from 'zod'
import { flagFilter, listSearchSchema, textFilter } from '../../components/list'

/** URL search params of the system parameter screens (validated by their routes). */
export const PARAM_FILTERS = ['name', 'active'] as const
export const paramListSearch = listSearchSchema(['name', 'createdAt'], {
  name: textFilter(),
  active: flagFilter(),
})
export type ParamListSearch = z.infer<typeof paramListSearch>

export const paramSaveSearch = z.object({
  id: z.number().int().positive().optional().catch(undefined),
})
