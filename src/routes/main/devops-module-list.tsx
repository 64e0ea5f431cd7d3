import { createFileRoute } from '@tanstack/react-router'
import { DevopsModuleListScreen } from '../../features/modules/DevopsModuleListScreen'

/** /main/devops-module-list: the devops modules and who holds each. */
export const Route = createFileRoute('/main/devops-module-list')({
  component: DevopsModuleListScreen,
})
