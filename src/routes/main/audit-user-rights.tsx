import { createFileRoute } from '@tanstack/react-router'
import { idParam, textParam } from '../../lib/searchParams'
import { UserRightsScreen } from '../../features/audit/UserRightsScreen'

// `at`: the time of the audit entry it was opened from (the screen says its rights are today's).
const userId = idParam('userId')
const at = textParam('at', 40)

export const Route = createFileRoute('/main/audit-user-rights')({
  validateSearch: (search: Record<string, unknown>) => ({ ...userId(search), ...at(search) }),
  component: UserRightsScreen,
})
