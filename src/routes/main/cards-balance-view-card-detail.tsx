import { createFileRoute } from '@tanstack/react-router'
import { lazyFormRoute } from '../../components/resource/lazyRoutes'
import { CardDetailScreen } from '../../features/cards/CardDetailScreen'

export const Route = createFileRoute('/main/cards-balance-view-card-detail')({
  ...lazyFormRoute(() => import('../../features/cards/resource').then((m) => m.cardResource)),
  component: CardDetailScreen,
})
