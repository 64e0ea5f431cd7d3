import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { call, type BodyOf } from '../../api/client'
import { toListRequest } from '../../components/list'
import { PARAM_FILTERS, type ParamListSearch } from './search'

/** Server state of the system parameter screens: queryOptions factories the loaders share. */
export const paramKeys = { all: ['parameter'] as const }

export const paramListQuery = (search: ParamListSearch) => {
  const body = toListRequest(search, PARAM_FILTERS) as BodyOf<'/parameter/list'>
  return queryOptions({
    queryKey: [...paramKeys.all, 'list', body],
    queryFn: () => call('/parameter/list', body),
  })
}

export const paramDetailQuery = (id: number) =>
  queryOptions({
    queryKey: [...paramKeys.all, 'detail', id],
    queryFn: () => call('/parameter/detail', { id }),
  })

function useInvalidateParams() {
  const qc = useQueryClient()
  return () => qc.invalidateQueries({ queryKey: paramKeys.all })
}

export function useSaveParam() {
  const invalidate = useInvalidateParams()
  return useMutation({
    mutationFn: (body: BodyOf<'/parameter/save'>) => call('/parameter/save', body),
    onSuccess: invalidate,
  })
}

export function useDeleteParams() {
  const invalidate = useInvalidateParams()
  return useMutation({
    mutationFn: (ids: number[]) => call('/parameter/delete', { ids }),
    onSuccess: invalidate,
  })
}
