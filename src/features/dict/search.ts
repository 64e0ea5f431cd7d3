import { z } from 'zod'
import { flagFilter, listSearchSchema, textFilter } from '../../components/list'

/** URL search params of the dictionary screens (validated by their routes). */
export const DICT_FILTERS = ['code', 'name', 'type', 'active'] as const
export const dictListSearch = listSearchSchema(['code', 'name', 'createdAt'], {
  code: textFilter(),
  name: textFilter(),
  type: textFilter(),
  active: flagFilter(),
})
export type DictListSearch = z.infer<typeof dictListSearch>

export const DICT_VALUE_FILTERS = ['code', 'name', 'active', 'isDefault'] as const
export const dictValueListSearch = listSearchSchema(['seq', 'code', 'name', 'createdAt'], {
  /** The dictionary whose values are listed; absent: the screen asks which one. */
  dictId: z.number().int().positive().optional().catch(undefined),
  code: textFilter(),
  name: textFilter(),
  active: flagFilter(),
  isDefault: flagFilter(),
})
export type DictValueListSearch = z.infer<typeof dictValueListSearch>

const id = z.number().int().positive().optional().catch(undefined)

/** The form's record: absent id creates. */
export const dictSaveSearch = z.object({ id })
export const dictValueSaveSearch = z.object({ dictId: id, id })
