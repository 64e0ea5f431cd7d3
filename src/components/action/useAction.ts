import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useRef } from 'react'
import { ApiError, call } from '../../api/client'
import { refreshDataSets } from '../../domain/queryKeys'
import { newRequestId } from '../../domain/requestId'
import type { Action, InputOf, ResultOf } from '../../resources/action'

/** What the caller sends: the input without `requestId`, which the hook keeps. */
export type SendOf<A extends Action> = Omit<InputOf<A>, 'requestId'>

/**
 * The typed mutation of an action (src/resources/action.ts). When money moves, one request id
 * per attempt: kept for the attempt's retries, new after a refusal (which moved nothing) and
 * after a success (the next one is another operation). Afterwards every query under the data
 * sets the action declares it `changes` is refreshed, so lists and figures on screen show the
 * new state — also after a call that got no answer, which may have gone through.
 */
export function useAction<A extends Action>(def: A) {
  const qc = useQueryClient()
  const requestId = useRef(newRequestId())
  return useMutation({
    mutationKey: [def.path],
    mutationFn: async (input: SendOf<A>): Promise<ResultOf<A>> => {
      const body = def.moneyMoves ? { ...input, requestId: requestId.current } : input
      try {
        // The path and body are the definition's, which the server mounts: the same contract.
        const result = (await call(def.path as never, body as never)) as ResultOf<A>
        requestId.current = newRequestId()
        return result
      } catch (e) {
        if (e instanceof ApiError && e.status >= 400 && e.status < 500) {
          requestId.current = newRequestId()
        }
        throw e
      }
    },
    onSettled: () => refreshDataSets(qc, def.changes),
  })
}
