import { queryOptions } from '@tanstack/react-query'
import { z } from 'zod'
import { call } from '../../api/client'
import { resourceClient } from '../../components/resource/client'
import { parseMoney } from '../../lib/money'
import { balanceUpdates, cancelRequests } from '../../resources/cardRequests'

/** The console half of the two review lists (docs/cards.md, "Reviews"). */
export const cancelRequestResource = resourceClient(cancelRequests)
export const balanceUpdateResource = resourceClient(balanceUpdates)

/** The reason codes of freezes, unfreezes, cancellations and reviews (card_block_reason). */
export const reasonQuery = () =>
  queryOptions({
    queryKey: ['dict', 'card_block_reason'],
    queryFn: async () =>
      ((await call('/dict/query', { codes: ['card_block_reason'] })).card_block_reason ?? []).map(
        (o) => ({ value: o.code, label: o.name }),
      ),
    staleTime: 60_000,
  })

/** An amount typed in the card's currency: exact (no more decimals than it has) and above 0. */
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

/** An optional limit: empty is "no limit". */
export const limitIn = (currency: string) =>
  z
    .string()
    .trim()
    .refine(
      (v) => {
        if (v === '') return true
        const minor = parseMoney(v, currency)
        return minor !== null && minor > 0
      },
      { message: 'validation:number' },
    )
    .transform((v) => (v === '' ? null : parseMoney(v, currency)!))

/** A fresh idempotency key for one operation (kept for its retries, new after a refusal). */
export const newRequestId = () => `console-${crypto.randomUUID()}`

/** Card numbers are shown grouped by 4 (spec §9). */
export const groupBy4 = (n: string) => n.replace(/(\d{4})(?=\d)/g, '$1 ')
