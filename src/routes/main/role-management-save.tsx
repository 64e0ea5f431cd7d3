import { createFileRoute } from '@tanstack/react-router'
import { lazyFormRoute } from '../../components/resource/lazyRoutes'
import { RoleFormScreen } from '../../features/roles/RoleFormScreen'

export const Route = createFileRoute('/main/role-management-save')({
  ...lazyFormRoute(() => import('../../features/roles/resource').then((m) => m.roleFormClient)),
  component: RoleFormScreen,
})
