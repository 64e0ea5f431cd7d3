import { createFileRoute } from '@tanstack/react-router'
import { lazyListRoute } from '../../components/resource/lazyRoutes'
import { RoleListScreen } from '../../features/roles/RoleListScreen'

export const Route = createFileRoute('/main/role-management')({
  ...lazyListRoute(() => import('../../features/roles/resource').then((m) => m.rolesResource)),
  component: RoleListScreen,
})
