import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { call, type BodyOf } from '../../api/client'
import { resourceClient } from '../../components/resource/client'
import { merchantsQuery } from '../../domain/merchants'
import { cardGroupRules, cardGroups } from '../../resources/cardGroups'

/** The console half of shared card rules and groups (docs/groups.md). */
export const ruleResource = resourceClient(cardGroupRules)
/** Groups share one key with their cards and options: a money move refreshes all of them. */
export const groupResource = resourceClient(cardGroups)

export const groupQueries = {
  ruleVisibility: (id: number) =>
    queryOptions({
      queryKey: ['/card-rule', 'visibility', id],
      queryFn: () => call('/card-rule/visibility', { id }),
    }),
  options: (merchantId: number) =>
    queryOptions({
      queryKey: ['/card-group', 'options', merchantId],
      queryFn: () => call('/card-group/options', { merchantId }),
    }),
  cards: (id: number) =>
    queryOptions({
      queryKey: ['/card-group', 'cards', id],
      queryFn: () => call('/card-group/cards', { id }),
    }),
  cardOptions: (id: number) =>
    queryOptions({
      queryKey: ['/card-group', 'cardOptions', id],
      queryFn: () => call('/card-group/cards/options', { id }),
    }),
  merchants: () =>
    queryOptions({
      ...merchantsQuery(),
      select: (rows) => rows.map((m) => ({ id: m.merchantId, label: m.name })),
    }),
}

export function useSaveVisibility() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (body: BodyOf<'/card-rule/visibility/save'>) =>
      call('/card-rule/visibility/save', body),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['/card-rule'] }),
  })
}
