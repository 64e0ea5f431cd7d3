import { createFileRoute } from '@tanstack/react-router'
import { lazyFormRoute } from '../../components/resource/lazyRoutes'
import { UserFormScreen } from '../../features/users/UserFormScreen'

export const Route = createFileRoute('/main/user-management-save')({
  ...lazyFormRoute(() => import('../../features/users/resource').then((m) => m.userResource)),
  component: UserFormScreen,
})
