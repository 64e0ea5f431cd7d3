import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { call, type BodyOf } from '../../api/client'
import { resourceClient } from '../../components/resource/client'
import { cardBins } from '../../resources/cardBins'

/** The console half of card BINs: search schemas, queries and writes, from the definition. */
export const cardBinResource = resourceClient(cardBins)

/** BIN assignments share the resource's query key: assigning changes the list's counts. */
export const cardBinQueries = {
  channels: () =>
    queryOptions({
      queryKey: ['/card-bin', 'channels'],
      queryFn: () => call('/card-bin/channels'),
      staleTime: 60_000,
    }),
  assignment: (id: number) =>
    queryOptions({
      queryKey: ['/card-bin', 'assignments', id],
      queryFn: () => call('/card-bin/assignments', { id }),
    }),
}

export function useAssignCardBin() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (body: BodyOf<'/card-bin/assign'>) => call('/card-bin/assign', body),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['/card-bin'] }),
  })
}
