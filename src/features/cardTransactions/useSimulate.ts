import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { ApiError, call, type BodyOf, type DataOf } from '../../api/client'
import { toast } from '../../components/feedback/toast'
import { cards } from '../../resources/cards'
import { useCardTxnLabels } from './labels'
import { CARD_TXN_QUERY_KEY } from './resource'

export type FollowUpKind = 'clearing' | 'reversal' | 'refund' | 'expiry'
type Answer = DataOf<'/cards/simulate/authorization'>
type Request =
  | { kind: 'authorization'; body: BodyOf<'/cards/simulate/authorization'> }
  | { kind: FollowUpKind; body: BodyOf<'/cards/simulate/clearing'> }

/**
 * Sends one sandbox event through the server (which signs it and delivers it to the channel
 * webhook), says the decision in a toast and refreshes the card transaction lists and the
 * card itself (its pending and available balance move with every approval and follow-up).
 */
export function useSimulate(onDone?: (answer: Answer) => void) {
  const { t } = useTranslation('cards')
  const { resultLabel } = useCardTxnLabels()
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (req: Request) =>
      req.kind === 'authorization'
        ? call('/cards/simulate/authorization', req.body)
        : call(`/cards/simulate/${req.kind}`, req.body),
    onSuccess: (answer) => {
      if (answer.outcome === 'approved') {
        toast.success(t('txn.sandbox.approved', { code: answer.authCode ?? '' }))
      } else if (answer.outcome === 'declined') {
        // A refused follow-up or refund names its own reason; an authorisation a decline reason.
        const reason = answer.reason ?? ''
        toast.error(
          t('txn.sandbox.declined', {
            reason: t(`txn.refusals.${reason}` as never, { defaultValue: resultLabel(reason) }),
          }),
        )
      } else {
        toast.info(
          t(answer.outcome === 'accepted' ? 'txn.sandbox.accepted' : 'txn.sandbox.ignored'),
        )
      }
      void qc.invalidateQueries({ queryKey: CARD_TXN_QUERY_KEY })
      void qc.invalidateQueries({ queryKey: [cards.api] })
      void qc.invalidateQueries({ queryKey: ['card'] })
      onDone?.(answer)
    },
    onError: (e) => toast.error(e instanceof ApiError ? e.message : String(e)),
  })
}
