import { z } from 'zod'
import { dictResource, dictValueResource } from './queries'

/** URL search params of the dictionary screens (validated by their routes), from the definitions. */
export const dictListSearch = dictResource.search
export const dictValueListSearch = dictValueResource.search

const id = z.number().int().positive().optional().catch(undefined)

/** The form's record: absent id creates. */
export const dictSaveSearch = dictResource.formSearch
export const dictValueSaveSearch = z.object({ dictId: id, id })
