import { createFileRoute } from '@tanstack/react-router'
import { lazyListRoute } from '../../components/resource/lazyRoutes'
import { CancelReviewScreen } from '../../features/cardOps/CancelReviewScreen'

export const Route = createFileRoute('/main/cards-cancel-review')({
  ...lazyListRoute(() => import('../../features/cardOps/api').then((m) => m.cancelRequestResource)),
  component: CancelReviewScreen,
})
