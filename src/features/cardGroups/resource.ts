import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { call, type BodyOf, type PostPath } from '../../api/client'
import { resourceClient } from '../../components/resource/client'
import { merchantsQuery } from '../../domain/merchants'
import { parseMoney } from '../../lib/money'
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

/** A write of the groups' own calls; everything under /card-group (and the rules' counts) refreshes. */
export function useGroupWrite<P extends PostPath>(path: P) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (body: BodyOf<P>) => call(path, body as never),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: ['/card-group'] })
      await qc.invalidateQueries({ queryKey: ['/card-rule'] })
    },
  })
}

export function useSaveVisibility() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (body: BodyOf<'/card-rule/visibility/save'>) =>
      call('/card-rule/visibility/save', body),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['/card-rule'] }),
  })
}

/** An amount typed in the group's currency: exact (no more decimals than it has) and above 0. */
export const amountIn = (currency: string) =>
  z
    .string()
    .trim()
    .min(1)
    .refine(
      (v) => {
        const minor = parseMoney(v, currency)
        return minor !== null && minor > 0
      },
      { message: 'validation:number' },
    )
    .transform((v) => parseMoney(v, currency)!)

/** A fresh idempotency key for one money move (kept for its retries, new after a refusal). */
export const newRequestId = () => `console-${crypto.randomUUID()}`
