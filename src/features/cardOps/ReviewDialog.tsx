import { Text } from '@radix-ui/themes'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { call } from '../../api/client'
import { DialogFrame } from '../../components/dialog/DialogFrame'
import { toast } from '../../components/feedback/toast'
import { ReviewPanel } from '../../components/review'
import type { CardRequestRow } from '../../resources/cardRequests'
import { CARD_REVIEW_REASONS } from '../../resources/reviewReasons'

const HISTORY = {
  '/card-ops/cancel-requests/review': '/card-ops/cancel-requests/history',
  '/card-ops/balance-updates/review': '/card-ops/balance-updates/history',
} as const

interface Props {
  row: CardRequestRow | null
  path: keyof typeof HISTORY
  onClose: () => void
  onDone: () => void
}

/**
 * One card request's review (the kit's review panel): its facts, the decision the review
 * machine allows (never on one's own request: the server answers 2013), and its history.
 */
export function ReviewDialog({ row, path, onClose, onDone }: Props) {
  const { t } = useTranslation(['cardOps'])
  return (
    <DialogFrame open={!!row} onClose={onClose} title={t('cardOps:review')}>
      {row && <RequestReview row={row} path={path} onDone={onDone} />}
    </DialogFrame>
  )
}

function RequestReview({ row, path, onDone }: Omit<Props, 'onClose'> & { row: CardRequestRow }) {
  const { t } = useTranslation(['cardOps'])
  const history = useQuery({
    queryKey: [HISTORY[path], row.id],
    queryFn: () => call(HISTORY[path], { id: row.id }),
  })
  if (!history.data) return null
  return (
    <ReviewPanel
      review={history.data.review}
      buttons={history.data.buttons}
      reasons={CARD_REVIEW_REASONS}
      label={t('cardOps:review')}
      decide={async (v) => {
        await call(path, { id: row.id, ...v })
        toast.success(t(v.decision === 'approve' ? 'cardOps:approved' : 'cardOps:rejected'))
        onDone()
      }}
    >
      <Text as="p" size="2">
        {row.merchantName} · {row.cardNumber} · {row.requesterName}
      </Text>
    </ReviewPanel>
  )
}
