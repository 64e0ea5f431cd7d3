import { createFileRoute } from '@tanstack/react-router'
import { lazyListRoute } from '../../components/resource/lazyRoutes'
import { ParamListScreen } from '../../features/param/ParamListScreen'

export const Route = createFileRoute('/main/parameter-management')({
  ...lazyListRoute(() => import('../../features/param/resource').then((m) => m.paramResource)),
  component: ParamListScreen,
})
