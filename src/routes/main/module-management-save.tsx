import { createFileRoute } from '@tanstack/react-router'
import { idSearch } from '../../features/modules/api'
import { ModuleFormScreen } from '../../features/modules/ModuleFormScreen'

/** /main/module-management-save: add a module, or edit one (?id=). */
export const Route = createFileRoute('/main/module-management-save')({
  validateSearch: idSearch,
  component: ModuleFormScreen,
})
