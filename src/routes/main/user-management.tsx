import { createFileRoute } from '@tanstack/react-router'
import { lazyListRoute } from '../../components/resource/lazyRoutes'
import { UserListScreen } from '../../features/users/UserListScreen'

export const Route = createFileRoute('/main/user-management')({
  ...lazyListRoute(() => import('../../features/users/resource').then((m) => m.userResource)),
  component: UserListScreen,
})
