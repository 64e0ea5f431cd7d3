import { createFileRoute } from '@tanstack/react-router'
import { lazyListRoute } from '../../components/resource/lazyRoutes'
import { CardsPage } from './-cardScreens'

export const Route = createFileRoute('/main/cards-balance')({
  ...lazyListRoute(() => import('../../features/cards/resource').then((m) => m.cardResource)),
  component: CardsPage,
})
