import { createFileRoute } from '@tanstack/react-router'
import { lazyListRoute } from '../../components/resource/lazyRoutes'
import { ButtonListScreen } from '../../features/modules/ButtonListScreen'

/** /main/button-management: every screen's buttons and the forms they open. */
export const Route = createFileRoute('/main/button-management')({
  ...lazyListRoute(() => import('../../features/modules/resource').then((m) => m.buttonResource)),
  component: ButtonListScreen,
})
