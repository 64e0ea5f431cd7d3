import { createFileRoute } from '@tanstack/react-router'
import { lazyListRoute } from '../../components/resource/lazyRoutes'
import { ModuleListScreen } from '../../features/modules/ModuleListScreen'

/** /main/module-management: the menu entries as operators arrange them. */
export const Route = createFileRoute('/main/module-management')({
  ...lazyListRoute(() => import('../../features/modules/resource').then((m) => m.moduleResource)),
  component: ModuleListScreen,
})
