import { createFileRoute } from '@tanstack/react-router'
import { profileQuery } from '../../api/profile'
import { DashboardScreen } from '../../features/dashboard/DashboardScreen'

/** /main/index (a literal "index" segment, hence the escaped file name): the dashboard. */
export const Route = createFileRoute('/main/index')({
  loader: ({ context }) => context.queryClient.ensureQueryData(profileQuery()).catch(() => null),
  component: DashboardScreen,
})
