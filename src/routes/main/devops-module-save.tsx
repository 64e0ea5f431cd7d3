import { createFileRoute } from '@tanstack/react-router'
import { idSearch } from '../../features/modules/api'
import { DevopsModuleFormScreen } from '../../features/modules/DevopsModuleFormScreen'

/** /main/devops-module-save: edit a devops module (?id=). */
export const Route = createFileRoute('/main/devops-module-save')({
  validateSearch: idSearch,
  component: DevopsModuleFormScreen,
})
