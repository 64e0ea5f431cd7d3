import { createFileRoute } from '@tanstack/react-router'
import { lazyListRoute } from '../../components/resource/lazyRoutes'
import { DevopsGrantListScreen } from '../../features/modules/DevopsGrantListScreen'

/** /main/devops-module-management: every role and the devops modules it holds. */
export const Route = createFileRoute('/main/devops-module-management')({
  ...lazyListRoute(() =>
    import('../../features/modules/devopsGrantResource').then((m) => m.devopsGrantResource),
  ),
  component: DevopsGrantListScreen,
})
