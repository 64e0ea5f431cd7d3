import { createFileRoute } from '@tanstack/react-router'
import { ModuleListScreen } from '../../features/modules/ModuleListScreen'

/** /main/module-management: the menu entries as operators arrange them. */
export const Route = createFileRoute('/main/module-management')({
  component: ModuleListScreen,
})
