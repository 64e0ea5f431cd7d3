import { createFileRoute } from '@tanstack/react-router'
import { lazyListRoute } from '../../components/resource/lazyRoutes'
import { GroupListScreen } from '../../features/cardGroups/GroupListScreen'

export const Route = createFileRoute('/main/cards-share-group')({
  ...lazyListRoute(() => import('../../features/cardGroups/resource').then((m) => m.groupResource)),
  component: GroupListScreen,
})
