import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { call, type BodyOf } from '../../api/client'
import { toListRequest } from '../../components/list'
import {
  DICT_FILTERS,
  DICT_VALUE_FILTERS,
  type DictListSearch,
  type DictValueListSearch,
} from './search'

/** Server state of the dictionary screens: queryOptions factories the routes' loaders share. */
export const dictKeys = {
  all: ['dict'] as const,
  values: ['dict', 'value'] as const,
}

export const dictListQuery = (search: DictListSearch) => {
  const body = toListRequest(search, DICT_FILTERS) as BodyOf<'/dict/list'>
  return queryOptions({
    queryKey: [...dictKeys.all, 'list', body],
    queryFn: () => call('/dict/list', body),
  })
}

export const dictDetailQuery = (id: number) =>
  queryOptions({
    queryKey: [...dictKeys.all, 'detail', id],
    queryFn: () => call('/dict/detail', { id }),
  })

/** Every dictionary, for the values screen's chooser: one page of the largest size. */
export const dictChoicesQuery = () =>
  queryOptions({
    queryKey: [...dictKeys.all, 'choices'],
    queryFn: () =>
      call('/dict/list', { pageNum: 1, pageSize: 200, sort: { field: 'code', order: 'asc' } }),
  })

export const dictValueListQuery = (search: DictValueListSearch & { dictId: number }) => {
  const body = {
    ...toListRequest(search, DICT_VALUE_FILTERS),
    dictId: search.dictId,
  } as BodyOf<'/dict/value/list'>
  return queryOptions({
    queryKey: [...dictKeys.values, 'list', body],
    queryFn: () => call('/dict/value/list', body),
  })
}

export const dictValueDetailQuery = (id: number) =>
  queryOptions({
    queryKey: [...dictKeys.values, 'detail', id],
    queryFn: () => call('/dict/value/detail', { id }),
  })

/** Writes refresh every dictionary query (lists, details, the chooser). */
function useInvalidateDicts() {
  const qc = useQueryClient()
  return () => qc.invalidateQueries({ queryKey: dictKeys.all })
}

export function useSaveDict() {
  const invalidate = useInvalidateDicts()
  return useMutation({
    mutationFn: (body: BodyOf<'/dict/save'>) => call('/dict/save', body),
    onSuccess: invalidate,
  })
}

export function useDeleteDicts() {
  const invalidate = useInvalidateDicts()
  return useMutation({
    mutationFn: (ids: number[]) => call('/dict/delete', { ids }),
    onSuccess: invalidate,
  })
}

export function useSaveDictValue() {
  const invalidate = useInvalidateDicts()
  return useMutation({
    mutationFn: (body: BodyOf<'/dict/value/save'>) => call('/dict/value/save', body),
    onSuccess: invalidate,
  })
}

export function useDeleteDictValues() {
  const invalidate = useInvalidateDicts()
  return useMutation({
    mutationFn: (ids: number[]) => call('/dict/value/delete', { ids }),
    onSuccess: invalidate,
  })
}
