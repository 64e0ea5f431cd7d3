import { BizError } from '../http/errors'
import { transferPostings } from './postings'
import { LedgerRules } from './rules'
import { postEntry, type LedgerContext, type PostedEntry } from './store'

export interface TransferInput {
  fromAccountId: number
  toAccountId: number
  /** Minor units, > 0. */
  amount: number
  currency: string
  requestId: string
  remark?: string | null
}

export interface TransferResult {
  entryId: number
  requestId: string
  fromAccountId: number
  toAccountId: number
  amount: number
  currency: string
  remark: string | null
  fromBalanceAfter: number
  toBalanceAfter: number
  createdAt: string
}

/** The fields that make two transfer requests the same request. */
export function transferFingerprint(t: TransferInput): string {
  return JSON.stringify([
    'transfer',
    t.fromAccountId,
    t.toAccountId,
    t.amount,
    t.currency,
    t.remark ?? null,
  ])
}

export function toTransferResult({ entry, postings }: PostedEntry): TransferResult {
  const from = postings.find((p) => p.amount < 0)!
  const to = postings.find((p) => p.amount > 0)!
  return {
    entryId: entry.id,
    requestId: entry.requestId,
    fromAccountId: from.accountId,
    toAccountId: to.accountId,
    amount: to.amount,
    currency: to.currency,
    remark: entry.remark,
    fromBalanceAfter: from.balanceAfter,
    toBalanceAfter: to.balanceAfter,
    createdAt: entry.createdAt.toISOString(),
  }
}

/**
 * A same-currency transfer between two accounts, once per request id. Refusals (unknown
 * account, other currency, same account, insufficient balance) change nothing and are not
 * remembered: a later retry is judged afresh.
 */
export async function transfer(ctx: LedgerContext, input: TransferInput): Promise<TransferResult> {
  // postEntry answers a retry first; the refusals are judged on the locked rows, in the
  // transaction that writes (one read fewer per transfer than checking before it).
  const posted = await postEntry(
    ctx,
    {
      requestId: input.requestId,
      fingerprint: transferFingerprint(input),
      kind: 'transfer',
      remark: input.remark ?? null,
      postings: transferPostings(
        input.fromAccountId,
        input.toAccountId,
        input.amount,
        input.currency,
      ),
    },
    (accounts) => {
      if (input.fromAccountId === input.toAccountId) throw new BizError(LedgerRules.sameAccount)
      if (accounts.size !== 2) throw new BizError(LedgerRules.accountNotFound)
      for (const a of accounts.values()) {
        if (a.currency !== input.currency) throw new BizError(LedgerRules.currencyMismatch)
      }
    },
  )
  return toTransferResult(posted)
}
