import { createFileRoute } from '@tanstack/react-router'
import { idParam } from '../../lib/searchParams'
import { UserRightsScreen } from '../../features/audit/UserRightsScreen'

export const Route = createFileRoute('/main/audit-user-rights')({
  validateSearch: idParam('userId'),
  component: UserRightsScreen,
})
