import { createFileRoute } from '@tanstack/react-router'
import { lazyFormRoute } from '../../components/resource/lazyRoutes'
import { CardDetailPage } from './-cardScreens'

export const Route = createFileRoute('/main/cards-balance-view-card-detail')({
  ...lazyFormRoute(() => import('../../features/cards/resource').then((m) => m.cardResource)),
  component: CardDetail,
})

function CardDetail() {
  const { id } = Route.useSearch()
  return <CardDetailPage id={id} />
}
