import { createFileRoute } from '@tanstack/react-router'
import { DevopsScreen } from '../../features/dashboard/DevopsScreen'

/** /main/devops-index: how the platform runs, for platform administrators. */
export const Route = createFileRoute('/main/devops-index')({
  component: DevopsScreen,
})
