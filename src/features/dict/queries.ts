import { queryOptions } from '@tanstack/react-query'
import { call } from '../../api/client'
import { resourceClient } from '../../components/resource/client'
import { dictionaries, dictValues } from '../../resources/dictionaries'

/**
 * Server state of the dictionary screens, from the resource definitions. Both share the key
 * root `['dict']`: every write refreshes lists, details and the chooser together.
 */
export const dictKeys = { all: ['dict'] as const }

export const dictResource = resourceClient(dictionaries, { key: dictKeys.all })
export const dictValueResource = resourceClient(dictValues, { key: dictKeys.all })

export const dictListQuery = dictResource.listQuery
export const dictDetailQuery = dictResource.detailQuery
export const dictValueListQuery = dictValueResource.listQuery
export const dictValueDetailQuery = dictValueResource.detailQuery

/** Every dictionary, for the values screen's chooser: one page of the largest size. */
export const dictChoicesQuery = () =>
  queryOptions({
    queryKey: [...dictKeys.all, 'choices'],
    queryFn: () =>
      call('/dict/list', { pageNum: 1, pageSize: 200, sort: { field: 'code', order: 'asc' } }),
  })
