import { createFileRoute } from '@tanstack/react-router'
import { lazyFormRoute } from '../../components/resource/lazyRoutes'
import { GroupCardsScreen } from '../../features/cardGroups/GroupCardsScreen'

export const Route = createFileRoute('/main/cards-share-cards')({
  ...lazyFormRoute(() => import('../../features/cardGroups/resource').then((m) => m.groupResource)),
  component: GroupCardsScreen,
})
