import { createFileRoute } from '@tanstack/react-router'
import { lazyFormRoute } from '../../components/resource/lazyRoutes'
import { ModuleFormScreen } from '../../features/modules/ModuleFormScreen'

/** /main/module-management-save: add a module, or edit one (?id=). */
export const Route = createFileRoute('/main/module-management-save')({
  ...lazyFormRoute(() => import('../../features/modules/resource').then((m) => m.moduleResource)),
  component: ModuleFormScreen,
})
